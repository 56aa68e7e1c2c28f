import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { requestMessages } from '@fics/contracts';
import { changeRequests, mailOutbox, registerRequests, userGrades, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import { changeRequest, patch, registerRequest, schoolWorld, type World } from './requests.fixtures';

const CALLS = 20;
const ROUNDS = 3;

/**
 * Twenty administrators' calls (accepts and denies mixed) on one request at the same moment: the
 * conditional UPDATE ... WHERE status = 'PENDING' at the start of the handling transaction lets one
 * through. On the embedded database the transactions queue; with TEST_DATABASE_URL they run on a
 * PostgreSQL server's connection pool and really overlap.
 */
describe(`handling one request ${CALLS} times at once (${process.env.TEST_DATABASE_URL ? 'PostgreSQL server' : 'embedded'})`, () => {
  let t: TestApp;
  let w: World;
  let admins: Awaited<ReturnType<typeof member>>[];
  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
    admins = [w.admin, await member(t.app, 'ADMIN'), await member(t.app, 'ADMIN')];
  });
  afterAll(async () => {
    await t.close();
  });

  const mailsTo = (to: string) =>
    t.app.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.to, to));

  it('registration requests: one call wins, the others get 409; one account or none, one e-mail', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await registerRequest(t.app, w, { role: w.roleIds.STUDENT });
      const accept = {
        email: request.email,
        name: request.name,
        role: w.roleIds.STUDENT,
        collegeId: w.collegeA,
        gradeId: w.gradeA1,
      };
      const results = await Promise.all(
        Array.from({ length: CALLS }, (_, i) =>
          i % 2 === round % 2
            ? patch(
                t.app,
                admins[i % admins.length]!.headers,
                `/register-requests/${request._id}/accept`,
                accept,
              )
            : patch(t.app, admins[i % admins.length]!.headers, `/register-requests/${request._id}/deny`, {
                adminComments: `rechazo ${i}`,
              }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(CALLS - 1);
      for (const res of results.filter((r) => r.statusCode === 409)) {
        expect(res.json()).toEqual({
          type: 'CONFLICT',
          message: 'Esta solicitud no existe o ya fue atendida',
        });
      }
      const winner = results
        .find((r) => r.statusCode === 200)!
        .json<{ request: { status: string } }>().request;
      const [row] = await t.app.db
        .select()
        .from(registerRequests)
        .where(eq(registerRequests.id, request._id));
      expect(row!.status).toBe(winner.status);
      const accounts = await t.app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, request.email));
      const mails = (await mailsTo(request.email)).map((m) => m.kind);
      if (winner.status === 'APPROVED') {
        expect(accounts).toHaveLength(1);
        expect(mails).toEqual(['invitation']);
      } else {
        expect(accounts).toHaveLength(0);
        expect(mails).toEqual(['register-denied']);
      }
    }
  });

  it('change requests: one call wins, the others get 409; the student holds one grade, one e-mail', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const request = await changeRequest(t.app, student.headers, w);
      const results = await Promise.all(
        Array.from({ length: CALLS }, (_, i) =>
          i % 2 === round % 2
            ? patch(t.app, admins[i % admins.length]!.headers, `/change-requests/${request._id}/accept`, {
                collegeId: w.collegeB,
                gradeId: w.gradeB1,
                adminComments: `aprobado ${i}`,
              })
            : patch(t.app, admins[i % admins.length]!.headers, `/change-requests/${request._id}/deny`, {
                adminComments: `rechazo ${i}`,
              }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(CALLS - 1);
      for (const res of results.filter((r) => r.statusCode === 409)) {
        expect(res.json()).toEqual({ type: 'CONFLICT', message: requestMessages.changeHandled });
      }
      const winner = results
        .find((r) => r.statusCode === 200)!
        .json<{
          request: { status: string; adminComments: string };
        }>().request;
      const [row] = await t.app.db.select().from(changeRequests).where(eq(changeRequests.id, request._id));
      expect(row).toMatchObject({ status: winner.status, adminComments: winner.adminComments });
      const grades = await t.app.db
        .select({ gradeId: userGrades.gradeId })
        .from(userGrades)
        .where(inArray(userGrades.userId, [student.id]));
      const mails = (await mailsTo(student.email)).map((m) => m.kind);
      if (winner.status === 'APPROVED') {
        expect(grades).toEqual([{ gradeId: w.gradeB1 }]);
        expect(mails).toEqual(['change-approved']);
      } else {
        expect(grades).toEqual([{ gradeId: w.gradeA1 }]);
        expect(mails).toEqual(['change-denied']);
      }
    }
  });
});
