import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import type { Paged, User } from '@fics/contracts';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { EXPORT_BATCH_SIZE } from './users-export.service';
import { insertCollege, insertGrade, member, roleIdOf } from './users.fixtures';

/** GET /users/export read back from the streamed bytes with SheetJS. */
describe('GET /users/export (streamed workbook)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof member>>;
  let teacher: Awaited<ReturnType<typeof member>>;
  let collegeNorte: string;
  let collegeSur: string;
  let gradeN1: string;
  let gradeN2: string;
  let gradeS1: string;

  beforeAll(async () => {
    t = await buildTestApp();
    collegeNorte = await insertCollege(t.app, 'Colegio Ñielol');
    collegeSur = await insertCollege(t.app, 'Escuela Austral');
    gradeN1 = await insertGrade(t.app, collegeNorte, { level: 'Primero', cicle: 'Básico', name: 'A' });
    gradeN2 = await insertGrade(t.app, collegeNorte, { level: 'Segundo', cicle: 'Básico', name: 'B' });
    gradeS1 = await insertGrade(t.app, collegeSur, { level: 'Tercero', cicle: 'Medio', name: 'C' });
    admin = await member(t.app, 'ADMIN', [], { name: 'Úrsula Administradora', email: 'ursula@fics.test' });
    await member(t.app, 'ADMIN', [], { name: 'adela administradora', email: 'adela@fics.test' });
    teacher = await member(t.app, 'TEACHER', [gradeN1, gradeS1], {
      name: 'Óscar Docente',
      email: 'oscar@fics.test',
    });
    await member(t.app, 'TEACHER', [gradeN2], { name: 'Nora Docente', email: 'nora@fics.test' });
    // Spanish order: accents and case ignored, ñ after n.
    await member(t.app, 'STUDENT', [gradeN1], { name: 'Ñandú Pérez', email: 'nandu@fics.test' });
    await member(t.app, 'STUDENT', [gradeN1], { name: 'Nube Soto', email: 'nube@fics.test' });
    await member(t.app, 'STUDENT', [gradeS1], { name: 'Ángela Ríos', email: 'angela@fics.test' });
    await member(t.app, 'STUDENT', [gradeN2], { name: 'Zoe Lagos', email: 'zoe@fics.test' });
    await member(t.app, 'STUDENT', [gradeN1], {
      name: '=HYPERLINK("http://x","y")',
      email: 'formula@fics.test',
    });
    await member(t.app, 'STUDENT', [gradeS1], { name: '@Beto <b>&</b>', email: 'beto@fics.test' });
  });
  afterAll(async () => {
    await t.close();
  });

  const download = async (headers: Record<string, string>, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/export${query}`, headers });
    return {
      res,
      book: res.statusCode === 200 ? XLSX.read(res.rawPayload, { type: 'buffer' }) : undefined,
    };
  };
  const rows = (book: XLSX.WorkBook, sheet: string) =>
    XLSX.utils.sheet_to_json<string[]>(book.Sheets[sheet]!, { header: 1, raw: false, defval: '' });
  const header = ['NOMBRE', 'EMAIL', 'ESTABLECIMIENTOS', 'CURSOS'];

  it('writes all three sheets in Spanish name order, with schools and grades, as an attachment', async () => {
    const { res, book } = await download(admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('filename="Usuarios.xlsx"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(book!.SheetNames).toEqual(['Administradores', 'Docentes', 'Estudiantes']);
    expect(rows(book!, 'Administradores')).toEqual([
      header,
      ['adela administradora', 'adela@fics.test', '', ''],
      ['Úrsula Administradora', 'ursula@fics.test', '', ''],
    ]);
    expect(rows(book!, 'Docentes')).toEqual([
      header,
      ['Nora Docente', 'nora@fics.test', 'Colegio Ñielol', 'Segundo Básico B'],
      // Schools by name, then each school's grades.
      [
        'Óscar Docente',
        'oscar@fics.test',
        'Colegio Ñielol, Escuela Austral',
        'Primero Básico A, Tercero Medio C',
      ],
    ]);
    expect(rows(book!, 'Estudiantes').map((r) => r[0])).toEqual([
      'NOMBRE',
      // Neutralised text sorts by the name as stored ('=' and '@' before letters).
      `'=HYPERLINK("http://x","y")`,
      `'@Beto <b>&</b>`,
      'Ángela Ríos',
      'Nube Soto',
      'Ñandú Pérez',
      'Zoe Lagos',
    ]);
    expect(rows(book!, 'Estudiantes')[3]).toEqual([
      'Ángela Ríos',
      'angela@fics.test',
      'Escuela Austral',
      'Tercero Medio C',
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const { book } = await download(admin.headers, `?gradeId=${gradeN1}`);
    const sheet = book!.Sheets.Estudiantes!;
    expect(sheet.A2!.f).toBeUndefined();
    expect(sheet.A2!.v).toBe(`'=HYPERLINK("http://x","y")`);
    expect(sheet.A2!.t).toBe('s');
  });

  it('follows the list’s filters and search', async () => {
    const { book } = await download(admin.headers, `?collegeId=${collegeSur}&search=RIOS`);
    expect(rows(book!, 'Estudiantes').slice(1)).toEqual([
      ['Ángela Ríos', 'angela@fics.test', 'Escuela Austral', 'Tercero Medio C'],
    ]);
    expect(rows(book!, 'Docentes')).toEqual([header]);
    expect(rows(book!, 'Administradores')).toEqual([header]);
    const teachers = await download(admin.headers, `?roleId=${await roleIdOf(t.app, 'TEACHER')}`);
    expect(rows(teachers.book!, 'Docentes')).toHaveLength(3);
    expect(rows(teachers.book!, 'Estudiantes')).toEqual([header]);
  });

  it('gives a teacher their own students only, and refuses a school outside their scope with the JSON error', async () => {
    const { book } = await download(teacher.headers);
    expect(book!.SheetNames).toEqual(['Administradores', 'Docentes', 'Estudiantes']);
    expect(rows(book!, 'Administradores')).toEqual([header]);
    expect(rows(book!, 'Docentes')).toEqual([header]);
    // Grades N1 and S1: not Zoe Lagos (N2).
    expect(rows(book!, 'Estudiantes').map((r) => r[1])).toEqual([
      'EMAIL',
      'formula@fics.test',
      'beto@fics.test',
      'angela@fics.test',
      'nube@fics.test',
      'nandu@fics.test',
    ]);
    const outside = await download(teacher.headers, `?gradeId=${gradeN2}`);
    expect(outside.res.statusCode).toBe(403);
    expect(outside.res.headers['content-type']).toMatch(/^application\/json/);
    expect(outside.res.json()).toEqual({
      type: 'FORBIDDEN',
      message: 'Solo puedes consultar tus establecimientos y cursos',
    });
    const anonymous = await download({});
    expect(anonymous.res.statusCode).toBe(401);
    expect(anonymous.res.json().type).toBe('UNAUTHORIZED');
  });

  it('pages through more users than one batch: every one once, in the list’s order', async () => {
    const total = 2 * EXPORT_BATCH_SIZE + 500;
    const bulkGrade = await insertGrade(t.app, collegeSur, { level: 'Cuarto', cicle: 'Medio', name: 'D' });
    const studentRole = await roleIdOf(t.app, 'STUDENT');
    // Few distinct names, so many users share a sort key and batch boundaries fall inside ties.
    await t.app.db.execute(sql`
      insert into users (name, email, role_id)
      select (array['Íñigo Muñoz', 'ines munoz', 'Inés Muñoz', 'Iván Núñez'])[1 + i % 4] || ' ' || (i % 7),
             'masivo' || i || '@fics.test', ${studentRole}
      from generate_series(1, ${total}) as s(i)`);
    await t.app.db.execute(sql`
      insert into user_grades (user_id, grade_id)
      select id, ${bulkGrade} from users where email like 'masivo%'`);

    const { book } = await download(admin.headers, `?gradeId=${bulkGrade}`);
    const students = rows(book!, 'Estudiantes').slice(1);
    expect(students).toHaveLength(total);
    const emails = students.map((r) => r[1]);
    expect(new Set(emails).size).toBe(total);
    expect(students.every((r) => r[2] === 'Escuela Austral' && r[3] === 'Cuarto Medio D')).toBe(true);

    // The same order as GET /users, page after page.
    const listed: string[] = [];
    for (let page = 1; listed.length < total; page += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/users?gradeId=${bulkGrade}&limit=100&page=${page}`,
        headers: admin.headers,
      });
      const docs = res.json<{ users: Paged<User> }>().users.docs;
      expect(docs.length).toBeGreaterThan(0);
      listed.push(...docs.map((u) => u.email));
    }
    expect(emails).toEqual(listed);

    // The whole export: the earlier users plus these, each once.
    const all = await download(admin.headers);
    expect(rows(all.book!, 'Estudiantes')).toHaveLength(1 + 6 + total);
  });
});
