import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { RoleName } from '@fics/contracts';
import { userGrades } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import {
  addComment,
  addReply,
  commentWorld,
  forgetCommentLimits,
  getComments,
  getReplies,
  patchComment,
  patchReply,
  removeComment,
  removeReply,
} from './comments.fixtures';

/**
 * Who may edit and delete a comment or reply (spec 001 §6): its writer; an administrator, any; a
 * teacher, those written by students enrolled in one of the teacher's grades, and never a teacher's
 * or an administrator's; nobody else. Every rule is checked with a user it refuses, and the
 * `permissions` flags of the lists are checked against what the server then accepts.
 */

type Person = { id: string; role: RoleName; headers: Record<string, string> };

let t: TestApp;
let w: Awaited<ReturnType<typeof commentWorld>>;
/** A teacher of A2 and A1: one shared grade is enough. */
let twoGradeTeacher: Person;
/** A student of no grade (an account in limbo): no teacher moderates them. */
let gradelessStudent: Person;
let people: Record<string, Person>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await commentWorld(t.app);
  twoGradeTeacher = await member(t.app, 'TEACHER', [w.gradeA2, w.gradeA1], { name: 'Diego Dos Cursos' });
  gradelessStudent = await member(t.app, 'STUDENT', [], { name: 'Lía Sin Curso' });
  people = {
    author: w.author,
    classmate: w.classmate,
    otherGradeStudent: w.otherGradeStudent,
    otherSchoolStudent: w.otherSchoolStudent,
    teacher: w.teacher,
    colleague: w.colleague,
    otherGradeTeacher: w.otherGradeTeacher,
    otherSchoolTeacher: w.otherSchoolTeacher,
    twoGradeTeacher,
    admin: w.admin,
    gradelessStudent,
  };
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await forgetCommentLimits(t.app, Object.values(people));
});

/**
 * Who may change what each writer wrote. The comments are on a fic of grade A1, but what counts is
 * the writer's grade: `otherGradeStudent` (A2) is moderated by A2's teachers, not A1's.
 */
const allowed: Record<string, string[]> = {
  classmate: ['classmate', 'teacher', 'colleague', 'twoGradeTeacher', 'admin'],
  otherGradeStudent: ['otherGradeStudent', 'otherGradeTeacher', 'twoGradeTeacher', 'admin'],
  otherSchoolStudent: ['otherSchoolStudent', 'otherSchoolTeacher', 'admin'],
  gradelessStudent: ['gradelessStudent', 'admin'],
  // A teacher moderates students only: not a colleague of the same grade.
  teacher: ['teacher', 'admin'],
  admin: ['admin'],
};

const expectAnswer = (res: LightMyRequestResponse, may: boolean, label: string) => {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(may ? 200 : 403);
  if (!may) {
    expect(res.json().type).toBe('FORBIDDEN');
  }
};

describe('editing and deleting comments', () => {
  for (const [writerName, mayChange] of Object.entries(allowed)) {
    it(`what ${writerName} wrote is changed by ${mayChange.join(', ')} only, as the list says`, async () => {
      const writer = people[writerName]!;
      for (const [callerName, caller] of Object.entries(people)) {
        const may = mayChange.includes(callerName);
        const label = `${callerName} on ${writerName}'s comment`;
        await forgetCommentLimits(t.app, [writer, caller]);
        const comment = await addComment(t.app, writer, w.story._id, `<p>de ${writerName}</p>`);
        const listed = (await getComments(t.app, caller.headers, w.story._id)).page!.docs.find(
          (c) => c._id === comment._id,
        )!;
        expect(listed.permissions, label).toEqual({ canEdit: may, canDelete: may });
        expectAnswer(await patchComment(t.app, caller.headers, comment._id, '<p>cambiado</p>'), may, label);
        expectAnswer(await removeComment(t.app, caller.headers, comment._id), may, label);
        if (!may) {
          // Refused: the comment is still there, unchanged.
          const still = (await getComments(t.app, {}, w.story._id)).page!.docs.find(
            (c) => c._id === comment._id,
          );
          expect(still, label).toMatchObject({ text: `<p>de ${writerName}</p>`, wasEdited: false });
          await removeComment(t.app, writer.headers, comment._id);
        }
      }
    });
  }

  it('refuses a visitor with 401, and shows them no permission', async () => {
    const comment = await addComment(t.app, w.classmate, w.story._id);
    expect((await patchComment(t.app, {}, comment._id, '<p>x</p>')).statusCode).toBe(401);
    expect((await removeComment(t.app, {}, comment._id)).statusCode).toBe(401);
    const listed = (await getComments(t.app, {}, w.story._id)).page!.docs.find((c) => c._id === comment._id)!;
    expect(listed.permissions).toEqual({ canEdit: false, canDelete: false });
  });
});

describe('editing and deleting replies', () => {
  for (const [writerName, mayChange] of Object.entries(allowed)) {
    it(`a reply of ${writerName} is changed by ${mayChange.join(', ')} only, as the list says`, async () => {
      const writer = people[writerName]!;
      // The comment's own writer gets no say over the replies to it.
      const comment = await addComment(t.app, w.author, w.story._id);
      for (const [callerName, caller] of Object.entries(people)) {
        const may = mayChange.includes(callerName);
        const label = `${callerName} on ${writerName}'s reply`;
        await forgetCommentLimits(t.app, [writer, caller]);
        const reply = await addReply(t.app, writer, comment._id, `<p>de ${writerName}</p>`);
        const listed = (await getReplies(t.app, caller.headers, comment._id, '?page=1')).page!.docs.find(
          (r) => r._id === reply._id,
        )!;
        expect(listed.permissions, label).toEqual({ canEdit: may, canDelete: may });
        expectAnswer(
          await patchReply(t.app, caller.headers, comment._id, reply._id, '<p>otro</p>'),
          may,
          label,
        );
        expectAnswer(await removeReply(t.app, caller.headers, comment._id, reply._id), may, label);
        if (!may) {
          await removeReply(t.app, writer.headers, comment._id, reply._id);
        }
      }
    });
  }

  it('refuses a visitor with 401', async () => {
    const comment = await addComment(t.app, w.classmate, w.story._id);
    const reply = await addReply(t.app, w.classmate, comment._id);
    expect((await patchReply(t.app, {}, comment._id, reply._id, '<p>x</p>')).statusCode).toBe(401);
    expect((await removeReply(t.app, {}, comment._id, reply._id)).statusCode).toBe(401);
  });
});

describe('moderation follows the grades as they are now', () => {
  it('a teacher who stops teaching a grade loses its students, at once', async () => {
    const mover = await member(t.app, 'TEACHER', [w.gradeA1], { name: 'Mario Mudanza' });
    await forgetCommentLimits(t.app, [mover]);
    const comment = await addComment(t.app, w.classmate, w.story._id);
    const before = (await getComments(t.app, mover.headers, w.story._id)).page!.docs.find(
      (c) => c._id === comment._id,
    )!;
    expect(before.permissions.canEdit).toBe(true);
    await t.app.db.delete(userGrades).where(eq(userGrades.userId, mover.id));
    const after = (await getComments(t.app, mover.headers, w.story._id)).page!.docs.find(
      (c) => c._id === comment._id,
    )!;
    expect(after.permissions).toEqual({ canEdit: false, canDelete: false });
    expect((await removeComment(t.app, mover.headers, comment._id)).statusCode).toBe(403);
  });
});
