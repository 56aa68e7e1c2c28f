import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { enrol, makeCollege, makeGrade } from './colleges.fixtures';
import { teacherCollegeIds, teacherGradeIds, teacherGrades, userIdsInGrades } from './colleges.scope';

describe('teacher scope helpers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('derive a teacher’s grades and schools from their grades, and a grade’s users', async () => {
    const admin = await authHeader(t.app, await createUser(t.app, { role: 'ADMIN' }));
    const one = await makeCollege(t.app, admin, { name: 'Escuela Uno' });
    const two = await makeCollege(t.app, admin, { name: 'Escuela Dos' });
    const three = await makeCollege(t.app, admin, { name: 'Escuela Tres' });
    const oneA = await makeGrade(t.app, admin, one._id, { name: 'A', level: 'Primero', cicle: 'Básico' });
    const oneB = await makeGrade(t.app, admin, one._id, { name: 'B', level: 'Primero', cicle: 'Básico' });
    const twoA = await makeGrade(t.app, admin, two._id, { name: 'A', level: 'Primero', cicle: 'Medio' });
    const threeA = await makeGrade(t.app, admin, three._id, { name: 'A', level: 'Primero', cicle: 'Medio' });
    const teacher = await createUser(t.app, { role: 'TEACHER' });
    const student = await createUser(t.app, { role: 'STUDENT' });
    const idle = await createUser(t.app, { role: 'TEACHER' });
    await enrol(t.app, teacher.id, oneA._id, oneB._id, twoA._id);
    await enrol(t.app, student.id, oneA._id);

    expect(await teacherGradeIds(t.app.db, teacher.id)).toEqual(new Set([oneA._id, oneB._id, twoA._id]));
    expect(await teacherCollegeIds(t.app.db, teacher.id)).toEqual(new Set([one._id, two._id]));
    expect(
      (await teacherGrades(t.app.db, teacher.id)).sort((a, b) => a.gradeId.localeCompare(b.gradeId)),
    ).toEqual(
      [
        { gradeId: oneA._id, collegeId: one._id },
        { gradeId: oneB._id, collegeId: one._id },
        { gradeId: twoA._id, collegeId: two._id },
      ].sort((a, b) => a.gradeId.localeCompare(b.gradeId)),
    );
    expect(await teacherGradeIds(t.app.db, idle.id)).toEqual(new Set());
    expect(await teacherCollegeIds(t.app.db, idle.id)).toEqual(new Set());
    expect(await userIdsInGrades(t.app.db, [oneA._id, threeA._id])).toEqual(
      new Set([teacher.id, student.id]),
    );
    expect(await userIdsInGrades(t.app.db, [threeA._id])).toEqual(new Set());
    expect(await userIdsInGrades(t.app.db, [])).toEqual(new Set());
  });
});
