import type { FastifyInstance } from 'fastify';
import type { College, Grade } from '@fics/contracts';
import { userGrades } from '../../db/schema';

/** Test data for the colleges and grades suites, made through the API as an administrator. */
export async function makeCollege(
  app: FastifyInstance,
  admin: { authorization: string },
  body: { name: string; region?: string | null; zone?: string | null },
): Promise<College> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/colleges', headers: admin, payload: body });
  if (res.statusCode !== 201) {
    throw new Error(`makeCollege: ${res.statusCode} ${res.body}`);
  }
  return res.json<{ college: College }>().college;
}

export async function makeGrade(
  app: FastifyInstance,
  admin: { authorization: string },
  collegeId: string,
  body: { name: string; level: string; cicle: string },
): Promise<Grade> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/colleges/${collegeId}/grades`,
    headers: admin,
    payload: body,
  });
  if (res.statusCode !== 201) {
    throw new Error(`makeGrade: ${res.statusCode} ${res.body}`);
  }
  return res.json<{ grade: Grade }>().grade;
}

/** Puts a user into grades directly, as the users module would. */
export async function enrol(app: FastifyInstance, userId: string, ...gradeIds: string[]): Promise<void> {
  await app.db.insert(userGrades).values(gradeIds.map((gradeId) => ({ userId, gradeId })));
}
