import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import type { Paged, User } from '@fics/contracts';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { insertCollege, insertGrade, member, schoolWorld } from './users.fixtures';

describe('user list, user view and export', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof schoolWorld>>;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/users${query}`, headers });
  const names = (users: User[]) => users.map((u) => u.name);

  describe('GET /users', () => {
    it('gives an administrator every user, populated and sorted by name', async () => {
      const res = await list(w.admin.headers);
      expect(res.statusCode).toBe(200);
      const { users } = res.json<{ users: Paged<User> }>();
      expect(users).toMatchObject({ page: 1, limit: 50, totalDocs: 6, hasNextPage: false, nextPage: null });
      expect(names(users.docs)).toEqual([
        'Álvaro Estudiante',
        'Ana Administradora',
        'Berta Docente',
        'Bruno Estudiante',
        'Tomás Docente',
        'Zoe Estudiante',
      ]);
      const alvaro = users.docs.find((u) => u._id === w.studentA1.id)!;
      expect(alvaro.role).toMatchObject({ name: 'STUDENT', displayName: 'Estudiante' });
      expect(alvaro.collegeId).toEqual([{ _id: w.collegeA, name: 'Escuela Arrayán' }]);
      expect(alvaro.gradeId).toEqual([
        { _id: w.gradeA1, level: 'Primero', cicle: 'Básico', name: 'A', collegeId: w.collegeA },
      ]);
    });

    it('filters an administrator’s list by role, school and grade', async () => {
      const byRole = await list(w.admin.headers, `?roleId=${w.roleIds.TEACHER}`);
      expect(names(byRole.json<{ users: Paged<User> }>().users.docs)).toEqual([
        'Berta Docente',
        'Tomás Docente',
      ]);
      const bySchool = await list(w.admin.headers, `?collegeId=${w.collegeA}`);
      expect(names(bySchool.json<{ users: Paged<User> }>().users.docs)).toEqual([
        'Álvaro Estudiante',
        'Tomás Docente',
        'Zoe Estudiante',
      ]);
      const byGrade = await list(w.admin.headers, `?gradeId=${w.gradeA1}&roleId=${w.roleIds.STUDENT}`);
      expect(names(byGrade.json<{ users: Paged<User> }>().users.docs)).toEqual(['Álvaro Estudiante']);
      const empty = await list(w.admin.headers, `?collegeId=${w.collegeB}&gradeId=${w.gradeA1}`);
      expect(empty.json().users).toMatchObject({ docs: [], totalDocs: 0 });
      const blankFilters = await list(w.admin.headers, '?roleId=&collegeId=&gradeId=');
      expect(blankFilters.json().users.docs).toHaveLength(6);
    });

    it('refuses filters that are not identifiers', async () => {
      const res = await list(w.admin.headers, '?collegeId=abc');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { collegeId: 'Identificador inválido' },
      });
    });

    it('gives a teacher only the students of their own grades', async () => {
      const res = await list(w.teacherA.headers);
      expect(res.statusCode).toBe(200);
      expect(names(res.json<{ users: Paged<User> }>().users.docs)).toEqual(['Álvaro Estudiante']);
      const filtered = await list(w.teacherA.headers, `?collegeId=${w.collegeA}&gradeId=${w.gradeA1}`);
      expect(names(filtered.json<{ users: Paged<User> }>().users.docs)).toEqual(['Álvaro Estudiante']);
    });

    it('refuses a teacher filtering by a school or grade that is not theirs', async () => {
      const school = await list(w.teacherA.headers, `?collegeId=${w.collegeB}`);
      expect(school.statusCode).toBe(403);
      expect(school.json()).toEqual({
        type: 'FORBIDDEN',
        message: 'Solo puedes consultar tus establecimientos y cursos',
      });
      // Same school, but a grade the teacher does not teach.
      const grade = await list(w.teacherA.headers, `?gradeId=${w.gradeA2}`);
      expect(grade.statusCode).toBe(403);
    });

    it('gives a teacher filtering by another role an empty list', async () => {
      const res = await list(w.teacherA.headers, `?roleId=${w.roleIds.TEACHER}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().users).toMatchObject({ docs: [], totalDocs: 0, hasNextPage: false });
    });

    it('refuses students (403) and anonymous callers (401)', async () => {
      expect((await list(w.studentA1.headers)).statusCode).toBe(403);
      const anonymous = await list({});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().type).toBe('UNAUTHORIZED');
    });
  });

  describe('GET /users/:id', () => {
    const get = (headers: Record<string, string>, id: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/users/${id}`, headers });

    it('shows a teacher with the schools and grades they teach', async () => {
      const cerro = await insertCollege(t.app, 'Colegio Cerro');
      const delta = await insertCollege(t.app, 'Colegio Delta');
      const c1 = await insertGrade(t.app, cerro, { level: 'Primero', cicle: 'Básico', name: 'A' });
      const c2 = await insertGrade(t.app, cerro, { level: 'Segundo', cicle: 'Básico', name: 'B' });
      const d1 = await insertGrade(t.app, delta, { level: 'Primero', cicle: 'Medio', name: 'C' });
      const teacher = await member(t.app, 'TEACHER', [c1, c2, d1], { name: 'Marta Varias' });
      const res = await get(w.admin.headers, teacher.id);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({ _id: teacher.id, name: 'Marta Varias', role: { name: 'TEACHER' } });
      expect(body.inscriptionObject).toEqual([
        {
          collegeId: cerro,
          collegeName: 'Colegio Cerro',
          grades: [
            { gradeId: c1, gradeName: 'Primero Básico A' },
            { gradeId: c2, gradeName: 'Segundo Básico B' },
          ],
        },
        {
          collegeId: delta,
          collegeName: 'Colegio Delta',
          grades: [{ gradeId: d1, gradeName: 'Primero Medio C' }],
        },
      ]);
    });

    it('answers an empty inscription list for students and administrators', async () => {
      const res = await get(w.admin.headers, w.studentA1.id);
      expect(res.json().inscriptionObject).toEqual([]);
      expect(res.json().user.email).toBe(w.studentA1.email);
    });

    it('lets a teacher see their own students and themselves, and hides everyone else', async () => {
      expect((await get(w.teacherA.headers, w.studentA1.id)).statusCode).toBe(200);
      expect((await get(w.teacherA.headers, w.teacherA.id)).statusCode).toBe(200);
      for (const other of [w.studentB1, w.studentA2, w.teacherB, w.admin]) {
        const res = await get(w.teacherA.headers, other.id);
        expect(res.statusCode).toBe(404);
        expect(res.json().type).toBe('NOT_FOUND');
      }
    });

    it('lets a student see only themselves', async () => {
      expect((await get(w.studentA1.headers, w.studentA1.id)).statusCode).toBe(200);
      expect((await get(w.studentA1.headers, w.studentA2.id)).statusCode).toBe(404);
      expect((await get(w.studentA1.headers, w.teacherA.id)).statusCode).toBe(404);
    });

    it('answers 404 for an unknown id, 400 for a malformed one, 401 without a session', async () => {
      expect((await get(w.admin.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await get(w.admin.headers, 'nope')).statusCode).toBe(400);
      expect((await get({}, w.admin.id)).statusCode).toBe(401);
    });
  });

  describe('GET /users/export', () => {
    const exportBook = async (headers: Record<string, string>, query = '') => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/export${query}`, headers });
      return {
        res,
        book: res.statusCode === 200 ? XLSX.read(res.rawPayload, { type: 'buffer' }) : undefined,
      };
    };
    const rows = (book: XLSX.WorkBook, sheet: string) =>
      XLSX.utils.sheet_to_json<string[]>(book.Sheets[sheet]!, { header: 1, raw: false });

    it('downloads Usuarios.xlsx with one sheet per role for an administrator', async () => {
      const { res, book } = await exportBook(w.admin.headers, `?collegeId=${w.collegeB}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toContain('filename="Usuarios.xlsx"');
      expect(book!.SheetNames).toEqual(['Administradores', 'Docentes', 'Estudiantes']);
      expect(rows(book!, 'Docentes')).toEqual([
        ['NOMBRE', 'EMAIL', 'ESTABLECIMIENTOS', 'CURSOS'],
        ['Berta Docente', w.teacherB.email, 'Liceo Bosque', 'Primero Medio C'],
      ]);
      expect(rows(book!, 'Estudiantes')).toEqual([
        ['NOMBRE', 'EMAIL', 'ESTABLECIMIENTOS', 'CURSOS'],
        ['Bruno Estudiante', w.studentB1.email, 'Liceo Bosque', 'Primero Medio C'],
      ]);
      expect(rows(book!, 'Administradores')).toEqual([['NOMBRE', 'EMAIL', 'ESTABLECIMIENTOS', 'CURSOS']]);
    });

    it('gives a teacher only their students, with the other sheets present and empty', async () => {
      const { book } = await exportBook(w.teacherA.headers);
      expect(book!.SheetNames).toEqual(['Administradores', 'Docentes', 'Estudiantes']);
      expect(rows(book!, 'Administradores')).toHaveLength(1);
      expect(rows(book!, 'Docentes')).toHaveLength(1);
      expect(rows(book!, 'Estudiantes').slice(1)).toEqual([
        ['Álvaro Estudiante', w.studentA1.email, 'Escuela Arrayán', 'Primero Básico A'],
      ]);
    });

    it('neutralises names that a spreadsheet would run as formulas', async () => {
      await member(t.app, 'STUDENT', [w.gradeB1], { name: '=HYPERLINK("http://x","y")' });
      const { book } = await exportBook(w.admin.headers, `?gradeId=${w.gradeB1}`);
      const cell = book!.Sheets.Estudiantes!.A2!;
      expect(cell.f).toBeUndefined();
      expect(cell.v).toBe(`'=HYPERLINK("http://x","y")`);
    });

    it('applies the list’s scoping: another school 403, students 403, anonymous 401', async () => {
      expect((await exportBook(w.teacherA.headers, `?collegeId=${w.collegeB}`)).res.statusCode).toBe(403);
      expect((await exportBook(w.studentA1.headers)).res.statusCode).toBe(403);
      expect((await exportBook({})).res.statusCode).toBe(401);
    });
  });
});
