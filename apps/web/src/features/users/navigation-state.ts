import { z } from 'zod';
import { emptyFilters, type UserFilters } from './api';

/**
 * What another screen may hand the user list through router navigation state (spec 000 §2 School
 * view): `navigate('/usuarios', { state: { collegeId, gradeId, roleId, openCreate } })`, any subset.
 * History state survives reloads and can be anything, so it is parsed, never trusted.
 */
const navigationStateSchema = z.object({
  collegeId: z.string().optional().catch(undefined),
  gradeId: z.string().optional().catch(undefined),
  roleId: z.string().optional().catch(undefined),
  openCreate: z.boolean().optional().catch(undefined),
});

export interface UsersNavigation {
  filters: UserFilters;
  openCreate: boolean;
}

export function readUsersNavigation(state: unknown): UsersNavigation {
  const parsed = navigationStateSchema.safeParse(state);
  if (!parsed.success) {
    return { filters: emptyFilters, openCreate: false };
  }
  const { collegeId, gradeId, roleId, openCreate } = parsed.data;
  return {
    filters: { roleId: roleId ?? '', collegeId: collegeId ?? '', gradeId: gradeId ?? '' },
    openCreate: openCreate === true,
  };
}
