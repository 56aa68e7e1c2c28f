import { z } from 'zod';

export const roleNames = ['ADMIN', 'TEACHER', 'STUDENT'] as const;
export type RoleName = (typeof roleNames)[number];

export const roleDisplayNames: Record<RoleName, string> = {
  ADMIN: 'Administrador',
  TEACHER: 'Docente',
  STUDENT: 'Estudiante',
};

export const roleSchema = z
  .object({
    _id: z.string(),
    name: z.enum(roleNames),
    displayName: z.string(),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;

export const rolesResponseSchema = z.object({ roles: z.array(roleSchema) });
