import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Paged, User } from '@fics/contracts';
import { userGrades, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member, schoolWorld } from './users.fixtures';

/** Paging, search and the teacher's scope of GET /users, on lists longer than one page. */
describe('GET /users pages, searches and scopes in SQL', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof schoolWorld>>;

  /** Inserts students straight into the table (one statement), each in `gradeId`. */
  async function insertStudents(names: string[], gradeId: string, tag: string): Promise<string[]> {
    const rows = await t.app.db
      .insert(users)
      .values(
        names.map((name, i) => ({
          name,
          email: `${tag}${i}@paging.test`,
          roleId: w.roleIds.STUDENT,
        })),
      )
      .returning({ id: users.id });
    await t.app.db.insert(userGrades).values(rows.map((r) => ({ userId: r.id, gradeId })));
    return rows.map((r) => r.id);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
    // 120 students in the teacher's grade A1, 60 in grade A2 (same school, not the teacher's).
    await insertStudents(
      Array.from({ length: 120 }, (_, i) => `Alumno Uno ${String(i).padStart(3, '0')}`),
      w.gradeA1,
      'uno',
    );
    await insertStudents(
      Array.from({ length: 60 }, (_, i) => `Alumno Dos ${String(i).padStart(3, '0')}`),
      w.gradeA2,
      'dos',
    );
    await insertStudents(
      [
        'Ñandú Pérez',
        'Nube Soto',
        'Óscar Núñez',
        'oso Polar',
        'Nandu Perez',
        'Cien%Por_Ciento',
        "O'Higgins Díaz",
      ],
      w.gradeA1,
      'esp',
    );
    await insertStudents(['Pérez Ajeno'], w.gradeA2, 'ajeno');
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (headers: Record<string, string>, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/users?${query}`, headers });
    return { res, page: res.statusCode === 200 ? res.json<{ users: Paged<User> }>().users : undefined };
  };
  const names = (page: Paged<User> | undefined) => page!.docs.map((u) => u.name);
  const total = async () => (await t.app.db.select({ n: count() }).from(users))[0]!.n;

  it('answers 50 users a page by default, with the page metadata', async () => {
    const { page } = await list(w.admin.headers, '');
    const all = await total();
    expect(page).toMatchObject({ page: 1, limit: 50, totalDocs: all, hasNextPage: true, nextPage: 2 });
    expect(page!.docs).toHaveLength(50);
  });

  it('walks every page once: no user twice, none missing, in Spanish name order', async () => {
    const seen: string[] = [];
    let next: number | null = 1;
    while (next !== null) {
      const { page }: { page: Paged<User> | undefined } = await list(
        w.admin.headers,
        `page=${next}&limit=37`,
      );
      seen.push(...page!.docs.map((u) => u.name));
      next = page!.nextPage;
    }
    expect(seen).toHaveLength(await total());
    expect(new Set(seen).size).toBe(seen.length);
    const spanish = new Intl.Collator('es', { sensitivity: 'base' });
    const sorted = [...seen].sort((a, b) => spanish.compare(a, b));
    // Same order as a Spanish collator, up to ties between names that differ only in accents or case.
    expect(
      seen.map((n) =>
        n
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase(),
      ),
    ).toEqual(
      sorted.map((n) =>
        n
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase(),
      ),
    );
    // ñ after n, accents and case ignored.
    const order = ['Nandu Perez', 'Nube Soto', 'Ñandú Pérez', 'Óscar Núñez', 'oso Polar'];
    expect(seen.filter((n) => order.includes(n))).toEqual(order);
  });

  it('answers a page past the end empty, with the right total', async () => {
    const { res, page } = await list(w.admin.headers, 'page=999&limit=100');
    expect(res.statusCode).toBe(200);
    expect(page).toEqual({
      docs: [],
      page: 999,
      limit: 100,
      totalDocs: await total(),
      hasNextPage: false,
      nextPage: null,
    });
  });

  it('refuses a limit over the cap, a page under 1 and values that are not whole numbers', async () => {
    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['limit=2.5', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=-1', 'page'],
    ] as const) {
      const { res } = await list(w.admin.headers, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().type).toBe('VALIDATION_ERROR');
      expect(res.json().errors[field], query).toMatch(
        /^(La página|El límite) debe ser un número entero entre 1 y/,
      );
    }
    const { res } = await list(w.admin.headers, `search=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.search).toBe('La búsqueda no debe tener más de 100 caracteres');
  });

  it('finds part of a name or e-mail ignoring accents and case, every word', async () => {
    const search = async (text: string) =>
      names((await list(w.admin.headers, `search=${encodeURIComponent(text)}`)).page);
    expect(await search('nandu perez')).toEqual(['Nandu Perez', 'Ñandú Pérez']);
    expect(await search('ÑANDÚ')).toEqual(['Nandu Perez', 'Ñandú Pérez']);
    expect(await search('perez nandu')).toEqual(['Nandu Perez', 'Ñandú Pérez']);
    expect(await search('  núñez  ')).toEqual(['Óscar Núñez']);
    expect(await search('esp3@paging')).toEqual(['oso Polar']);
    expect(await search('nadie se llama así')).toEqual([]);
  });

  it('takes symbols in a search literally', async () => {
    const search = async (text: string) => {
      const { res, page } = await list(w.admin.headers, `search=${encodeURIComponent(text)}`);
      expect(res.statusCode, text).toBe(200);
      return names(page);
    };
    expect(await search('%')).toEqual(['Cien%Por_Ciento']);
    expect(await search('r_c')).toEqual(['Cien%Por_Ciento']);
    expect(await search("o'higgins")).toEqual(["O'Higgins Díaz"]);
    expect(await search('\\')).toEqual([]);
    expect(await search('[a-z]* (.+)')).toEqual([]);
  });

  it('counts the total of a search, and pages through it', async () => {
    const { page } = await list(w.admin.headers, 'search=alumno uno&limit=50&page=3');
    expect(page).toMatchObject({ totalDocs: 120, page: 3, hasNextPage: false, nextPage: null });
    expect(page!.docs).toHaveLength(20);
    expect(page!.docs[0]!.name).toBe('Alumno Uno 100');
  });

  it('keeps a teacher’s pages, totals and searches inside their own grades', async () => {
    const first = await list(w.teacherA.headers, 'limit=100');
    // Álvaro, 120 'Alumno Uno' and the 7 special names are in grade A1; grade A2 is not the teacher's.
    expect(first.page).toMatchObject({ totalDocs: 128, hasNextPage: true, nextPage: 2 });
    const second = await list(w.teacherA.headers, 'limit=100&page=2');
    expect(second.page!.docs).toHaveLength(28);
    const everyone = [...first.page!.docs, ...second.page!.docs];
    expect(everyone.every((u) => u.gradeId.some((g) => g._id === w.gradeA1))).toBe(true);
    expect(everyone.some((u) => u.name.startsWith('Alumno Dos'))).toBe(false);

    const perez = await list(w.teacherA.headers, 'search=perez');
    expect(names(perez.page)).toEqual(['Nandu Perez', 'Ñandú Pérez']);
    expect(perez.page!.totalDocs).toBe(2);
    const dos = await list(w.teacherA.headers, 'search=alumno dos');
    expect(dos.page).toMatchObject({ docs: [], totalDocs: 0 });
    // The administrator's same search sees the student of grade A2 too.
    expect(names((await list(w.admin.headers, 'search=perez')).page)).toContain('Pérez Ajeno');
  });

  it('keeps the totals exact as users are created, change role and are deleted', async () => {
    const before = (await list(w.admin.headers, `roleId=${w.roleIds.TEACHER}`)).page!.totalDocs;
    const extra = await member(t.app, 'TEACHER', [w.gradeB1], { name: 'Docente Extra' });
    expect((await list(w.admin.headers, `roleId=${w.roleIds.TEACHER}`)).page!.totalDocs).toBe(before + 1);
    await t.app.db.update(users).set({ roleId: w.roleIds.ADMIN }).where(eq(users.id, extra.id));
    expect((await list(w.admin.headers, `roleId=${w.roleIds.TEACHER}`)).page!.totalDocs).toBe(before);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${extra.id}`,
      headers: w.admin.headers,
    });
    expect(del.statusCode).toBe(200);
    expect((await list(w.admin.headers, '')).page!.totalDocs).toBe(await total());
  });
});
