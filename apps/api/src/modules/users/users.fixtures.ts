import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { RoleName } from '@fics/contracts';
import { colleges, grades, roles, userGrades } from '../../db/schema';
import { authHeader, createUser, type TestUser } from '../../test/helpers';

/** Test data for the user endpoints: schools, grades and memberships inserted directly. */

export async function insertCollege(app: FastifyInstance, name: string): Promise<string> {
  const [row] = await app.db.insert(colleges).values({ name }).returning({ id: colleges.id });
  return row!.id;
}

export async function insertGrade(
  app: FastifyInstance,
  collegeId: string,
  grade: { level?: string; cicle?: string; name?: string } = {},
): Promise<string> {
  const [row] = await app.db
    .insert(grades)
    .values({
      collegeId,
      level: grade.level ?? 'Primero',
      cicle: grade.cicle ?? 'Básico',
      name: grade.name ?? 'A',
    })
    .returning({ id: grades.id });
  return row!.id;
}

export async function assignGrades(app: FastifyInstance, userId: string, gradeIds: string[]): Promise<void> {
  await app.db.insert(userGrades).values(gradeIds.map((gradeId) => ({ userId, gradeId })));
}

export async function roleIdOf(app: FastifyInstance, name: RoleName): Promise<string> {
  const [row] = await app.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row!.id;
}

/** A user with memberships and a ready Authorization header. */
export async function member(
  app: FastifyInstance,
  role: RoleName,
  gradeIds: string[] = [],
  options: { email?: string; name?: string; birthYear?: number | null } = {},
): Promise<TestUser & { headers: { authorization: string } }> {
  const user = await createUser(app, { role, ...options });
  if (gradeIds.length > 0) {
    await assignGrades(app, user.id, gradeIds);
  }
  return { ...user, headers: await authHeader(app, user) };
}

/**
 * Two schools: A with grades A1 and A2, B with grade B1; a teacher of A1 (teacherA), a teacher of B1
 * (teacherB), students in each grade, an administrator.
 */
export async function schoolWorld(app: FastifyInstance) {
  const collegeA = await insertCollege(app, 'Escuela Arrayán');
  const collegeB = await insertCollege(app, 'Liceo Bosque');
  const gradeA1 = await insertGrade(app, collegeA, { level: 'Primero', cicle: 'Básico', name: 'A' });
  const gradeA2 = await insertGrade(app, collegeA, { level: 'Segundo', cicle: 'Básico', name: 'B' });
  const gradeB1 = await insertGrade(app, collegeB, { level: 'Primero', cicle: 'Medio', name: 'C' });
  const admin = await member(app, 'ADMIN', [], { name: 'Ana Administradora' });
  const teacherA = await member(app, 'TEACHER', [gradeA1], { name: 'Tomás Docente' });
  const teacherB = await member(app, 'TEACHER', [gradeB1], { name: 'Berta Docente' });
  const studentA1 = await member(app, 'STUDENT', [gradeA1], { name: 'Álvaro Estudiante' });
  const studentA2 = await member(app, 'STUDENT', [gradeA2], { name: 'Zoe Estudiante' });
  const studentB1 = await member(app, 'STUDENT', [gradeB1], { name: 'Bruno Estudiante' });
  const roleIds = {
    ADMIN: await roleIdOf(app, 'ADMIN'),
    TEACHER: await roleIdOf(app, 'TEACHER'),
    STUDENT: await roleIdOf(app, 'STUDENT'),
  };
  return {
    collegeA,
    collegeB,
    gradeA1,
    gradeA2,
    gradeB1,
    admin,
    teacherA,
    teacherB,
    studentA1,
    studentA2,
    studentB1,
    roleIds,
  };
}

export { multipartBody } from '../../test/multipart';
