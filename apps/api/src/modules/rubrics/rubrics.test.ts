import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages, rubricMessages, type Paged, type Rubric } from '@fics/contracts';
import { evaluations, rubrics, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createStory, storyWorld } from '../stories/stories.fixtures';
import { member } from '../users/users.fixtures';
import {
  createRubric,
  deleteRubric,
  getRubric,
  myRubrics,
  patchRubric,
  postRubric,
  rubricBody,
  rubricColumns,
  rubricRow,
} from './rubrics.fixtures';
import { selectMyRubrics } from './rubrics.service';

type Member = Awaited<ReturnType<typeof member>>;

describe('rubrics: GET /rubrics/my-rubrics, GET, POST, PATCH, DELETE /rubrics/:id', () => {
  let t: TestApp;
  let teacher: Member;
  let otherTeacher: Member;
  let student: Member;
  let admin: Member;

  beforeAll(async () => {
    t = await buildTestApp();
    teacher = await member(t.app, 'TEACHER', [], { name: 'Tomás Docente' });
    otherTeacher = await member(t.app, 'TEACHER', [], { name: 'Tania Docente' });
    student = await member(t.app, 'STUDENT', [], { name: 'Sofía Estudiante' });
    admin = await member(t.app, 'ADMIN', [], { name: 'Ana Administradora' });
  });
  afterAll(async () => {
    await t.close();
  });

  const storedRow = async (id: string) => {
    const [row] = await t.app.db.select().from(rubrics).where(eq(rubrics.id, id));
    return row;
  };
  const rubricCount = async () => (await t.app.db.select({ id: rubrics.id }).from(rubrics)).length;

  describe('as the owner', () => {
    it('creates a rubric (201) and answers it as stored, owned by the caller', async () => {
      const res = await postRubric(t.app, teacher.headers, rubricBody());
      expect(res.statusCode).toBe(201);
      const { rubric } = res.json<{ rubric: Rubric }>();
      expect(rubric).toEqual({
        _id: expect.any(String),
        title: 'Rúbrica de cuentos',
        description: 'Para evaluar la narración de un cuento',
        columns: rubricColumns(),
        items: [rubricRow('Ortografía'), rubricRow('Coherencia')],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(new Date(rubric.createdAt).toISOString()).toBe(rubric.createdAt);
      const row = await storedRow(rubric._id);
      expect(row).toMatchObject({
        ownerId: teacher.id,
        title: rubric.title,
        description: rubric.description,
        columns: rubric.columns,
        items: rubric.items,
      });
    });

    it('trims the texts and takes the points as numbers even when sent as numeric strings', async () => {
      const columns = rubricColumns().map((c) => ({ ...c, name: `  ${c.name} ` }));
      columns[1]!.pointValue = '4' as unknown as number;
      const rubric = await createRubric(t.app, teacher.headers, {
        title: '  Rúbrica con espacios  ',
        description: ' Descripción ',
        columns,
        items: [{ ...rubricRow('Ortografía'), col1: { value: '  Sin errores  ', checked: false } }],
      });
      expect(rubric.title).toBe('Rúbrica con espacios');
      expect(rubric.description).toBe('Descripción');
      expect(rubric.columns.map((c) => c.name)).toEqual(rubricColumns().map((c) => c.name));
      expect(rubric.columns[1]!.pointValue).toBe(4);
      expect(rubric.items[0]!.col1!.value).toBe('Sin errores');
    });

    it('stores the criterion worth 0 points and every cell unchecked, whatever the body says', async () => {
      const columns = rubricColumns();
      columns[0]!.pointValue = 5;
      const checkedRow = Object.fromEntries(
        Object.entries(rubricRow('Ortografía')).map(([field, cell]) => [field, { ...cell, checked: true }]),
      );
      const res = await postRubric(t.app, teacher.headers, rubricBody({ columns, items: [checkedRow] }));
      expect(res.statusCode).toBe(201);
      const { rubric } = res.json<{ rubric: Rubric }>();
      expect(rubric.columns[0]).toEqual({ key: '0', name: 'Criterio', pointValue: 0 });
      expect(rubric.columns.slice(1).map((c) => c.pointValue)).toEqual([3, 2, 1]);
      expect(rubric.items).toEqual([rubricRow('Ortografía')]);
      const row = await storedRow(rubric._id);
      expect(row!.columns[0]!.pointValue).toBe(0);
      expect(Object.values(row!.items[0]!).map((cell) => cell.checked)).toEqual([false, false, false, false]);
    });

    it('keeps cells of several lines and any column keys (the first column is the criterion)', async () => {
      const columns = [
        { key: 'crit', name: 'Aspecto', pointValue: 0 },
        { key: 'a_1', name: 'Excelente', pointValue: 10 },
      ];
      const items = [
        {
          colcrit: { value: 'Estructura\ninicio, nudo y desenlace', checked: false },
          cola_1: { value: 'Tiene\tlas tres partes', checked: false },
        },
      ];
      const rubric = await createRubric(t.app, teacher.headers, { columns, items });
      expect(rubric.columns).toEqual(columns);
      expect(rubric.items).toEqual(items);
    });

    it('reads its own rubric', async () => {
      const created = await createRubric(t.app, teacher.headers, { title: 'Para leer' });
      const res = await getRubric(t.app, teacher.headers, created._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ rubric: created });
    });

    it('replaces the whole rubric with PATCH, normalized like a new one, and moves updatedAt', async () => {
      const created = await createRubric(t.app, teacher.headers, { title: 'Antes' });
      const columns = [
        { key: '0', name: 'Criterio', pointValue: 7 },
        { key: '1', name: 'Bien', pointValue: 2 },
        { key: '4', name: 'Regular', pointValue: 1 },
      ];
      const items = [
        {
          col0: { value: 'Título', checked: true },
          col1: { value: 'Claro', checked: true },
          col4: { value: 'Vago', checked: false },
        },
      ];
      const res = await patchRubric(
        t.app,
        teacher.headers,
        created._id,
        rubricBody({ title: 'Después', description: 'Otra', columns, items }),
      );
      expect(res.statusCode).toBe(200);
      const { rubric } = res.json<{ rubric: Rubric }>();
      expect(rubric).toEqual({
        _id: created._id,
        title: 'Después',
        description: 'Otra',
        columns: [{ ...columns[0], pointValue: 0 }, columns[1], columns[2]],
        items: [
          {
            col0: { value: 'Título', checked: false },
            col1: { value: 'Claro', checked: false },
            col4: { value: 'Vago', checked: false },
          },
        ],
        createdAt: created.createdAt,
        updatedAt: expect.any(String),
      });
      expect(new Date(rubric.updatedAt).getTime()).toBeGreaterThan(new Date(created.updatedAt).getTime());
      expect((await getRubric(t.app, teacher.headers, created._id)).json()).toEqual({ rubric });
      expect(await storedRow(created._id)).toMatchObject({ ownerId: teacher.id, title: 'Después' });
    });

    it('deletes its rubric with the spec message; it is gone afterwards', async () => {
      const created = await createRubric(t.app, teacher.headers, { title: 'Para borrar' });
      const res = await deleteRubric(t.app, teacher.headers, created._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'rúbrica eliminada exitosamente' });
      expect(res.json<{ message: string }>().message).toBe(rubricMessages.deleted);
      expect(await storedRow(created._id)).toBeUndefined();
      const again = await getRubric(t.app, teacher.headers, created._id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ type: 'NOT_FOUND', message: rubricMessages.notFound });
      expect((await deleteRubric(t.app, teacher.headers, created._id)).statusCode).toBe(404);
      expect((await patchRubric(t.app, teacher.headers, created._id, rubricBody())).statusCode).toBe(404);
    });

    it('answers 404 for a rubric that never existed and 400 for an identifier that is not a UUID', async () => {
      const missing = randomUUID();
      for (const res of [
        await getRubric(t.app, teacher.headers, missing),
        await patchRubric(t.app, teacher.headers, missing, rubricBody()),
        await deleteRubric(t.app, teacher.headers, missing),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ type: 'NOT_FOUND', message: rubricMessages.notFound });
      }
      const bad = await getRubric(t.app, teacher.headers, 'no-es-un-id');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { id: expect.any(String) } });
    });

    it('ignores an ownerId or _id in the body: the rubric is the caller’s, with a new id', async () => {
      const existing = await createRubric(t.app, otherTeacher.headers, { title: 'De Tania' });
      const res = await postRubric(
        t.app,
        teacher.headers,
        rubricBody({ title: 'Mía', ownerId: otherTeacher.id, owner_id: otherTeacher.id, _id: existing._id }),
      );
      expect(res.statusCode).toBe(201);
      const { rubric } = res.json<{ rubric: Rubric }>();
      expect(rubric._id).not.toBe(existing._id);
      expect((await storedRow(rubric._id))!.ownerId).toBe(teacher.id);
      expect((await storedRow(existing._id))!.title).toBe('De Tania');
    });
  });

  describe('GET /rubrics/my-rubrics', () => {
    let pager: Member;
    let created: Rubric[];

    beforeAll(async () => {
      pager = await member(t.app, 'TEACHER', [], { name: 'Paula Paginadora' });
      created = [];
      for (const n of [1, 2, 3, 4, 5]) {
        created.push(await createRubric(t.app, pager.headers, { title: `Rúbrica ${n}` }));
      }
    });

    const page = async (query: string) => {
      const res = await myRubrics(t.app, pager.headers, query);
      expect(res.statusCode).toBe(200);
      return res.json<{ rubrics: Paged<Rubric> }>().rubrics;
    };

    it('lists only the caller’s rubrics, newest first, whole as stored, 20 per page by default', async () => {
      const rubricsPage = await page('');
      expect(rubricsPage).toEqual({
        docs: [...created].reverse(),
        page: 1,
        limit: 20,
        totalDocs: 5,
        hasNextPage: false,
        nextPage: null,
      });
    });

    it('pages with limit and page, counting every rubric of the caller', async () => {
      const titles = (p: Paged<Rubric>) => p.docs.map((r) => r.title);
      const first = await page('?limit=2');
      expect(titles(first)).toEqual(['Rúbrica 5', 'Rúbrica 4']);
      expect(first).toMatchObject({ page: 1, limit: 2, totalDocs: 5, hasNextPage: true, nextPage: 2 });
      const second = await page('?limit=2&page=2');
      expect(titles(second)).toEqual(['Rúbrica 3', 'Rúbrica 2']);
      expect(second).toMatchObject({ page: 2, limit: 2, totalDocs: 5, hasNextPage: true, nextPage: 3 });
      const third = await page('?limit=2&page=3');
      expect(titles(third)).toEqual(['Rúbrica 1']);
      expect(third).toMatchObject({ page: 3, totalDocs: 5, hasNextPage: false, nextPage: null });
      const past = await page('?limit=2&page=4');
      expect(past).toMatchObject({ docs: [], page: 4, totalDocs: 5, hasNextPage: false, nextPage: null });
    });

    it('breaks ties of creation time by id, the index order, so pages never overlap', async () => {
      const tied = await member(t.app, 'TEACHER');
      const ids: string[] = [];
      for (const n of [1, 2, 3]) {
        ids.push((await createRubric(t.app, tied.headers, { title: `Empate ${n}` }))._id);
      }
      await t.app.db
        .update(rubrics)
        .set({ createdAt: new Date('2024-05-01T12:00:00Z') })
        .where(eq(rubrics.ownerId, tied.id));
      const read = async (query: string) =>
        (await myRubrics(t.app, tied.headers, query)).json<{ rubrics: Paged<Rubric> }>().rubrics.docs;
      const sorted = [...ids].sort();
      expect((await read('')).map((r) => r._id)).toEqual(sorted);
      const pages = [...(await read('?limit=2')), ...(await read('?limit=2&page=2'))];
      expect(pages.map((r) => r._id)).toEqual(sorted);
    });

    it('reads the page from the index rubrics_owner_created_idx, without sorting', async () => {
      const plan = await t.app.db.transaction(async (tx) => {
        // Any plan may read the index; only an order that matches it needs no Sort node.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const result = await tx.execute(sql`explain ${selectMyRubrics(tx, pager.id).limit(20).offset(0)}`);
        return (result as { rows: Record<string, unknown>[] }).rows
          .map((row) => String(Object.values(row)[0]))
          .join('\n');
      });
      expect(plan).toContain('rubrics_owner_created_idx');
      expect(plan).not.toMatch(/\bSort\b/);
    });

    it('answers an empty first page to a teacher without rubrics', async () => {
      const newcomer = await member(t.app, 'TEACHER');
      const res = await myRubrics(t.app, newcomer.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        rubrics: { docs: [], page: 1, limit: 20, totalDocs: 0, hasNextPage: false, nextPage: null },
      });
    });

    it('never includes another teacher’s rubrics', async () => {
      const theirs = await createRubric(t.app, otherTeacher.headers, { title: 'Ajena' });
      const all = await page('?limit=100');
      expect(all.totalDocs).toBe(5);
      expect(all.docs.map((r) => r._id)).not.toContain(theirs._id);
      const mineOnly = (await myRubrics(t.app, otherTeacher.headers, '?limit=100')).json<{
        rubrics: Paged<Rubric>;
      }>().rubrics;
      expect(mineOnly.docs.map((r) => r._id)).toContain(theirs._id);
      expect(mineOnly.docs.map((r) => r._id)).not.toContain(created[0]!._id);
      const owners = await t.app.db
        .select({ ownerId: rubrics.ownerId })
        .from(rubrics)
        .where(sql`${rubrics.id} in ${mineOnly.docs.map((r) => r._id)}`);
      expect(new Set(owners.map((o) => o.ownerId))).toEqual(new Set([otherTeacher.id]));
    });

    it('refuses a limit over 100 and a page below 1', async () => {
      for (const query of ['?limit=101', '?page=0', '?limit=0', '?page=abc']) {
        const res = await myRubrics(t.app, pager.headers, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json<{ type: string }>().type).toBe('VALIDATION_ERROR');
      }
      expect((await myRubrics(t.app, pager.headers, '?limit=100')).statusCode).toBe(200);
    });
  });

  describe('permissions', () => {
    it('refuses to create a rubric to a student (403, nothing stored)', async () => {
      const before = await rubricCount();
      const res = await postRubric(t.app, student.headers, rubricBody({ title: 'De estudiante' }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        type: 'FORBIDDEN',
        message: 'Solo docentes y administradores tienen rúbricas',
      });
      expect(await rubricCount()).toBe(before);
    });

    it('refuses the list to a student (403)', async () => {
      const res = await myRubrics(t.app, student.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ type: 'FORBIDDEN', message: rubricMessages.onlyTeachers });
    });

    it('lets an administrator create and list their own rubrics (the school templates they mark)', async () => {
      const created = await createRubric(t.app, admin.headers, rubricBody({ title: 'Plantilla base' }));
      const res = await myRubrics(t.app, admin.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ rubrics: Paged<Rubric> }>().rubrics.docs.map((r) => r._id)).toEqual([created._id]);
      expect((await getRubric(t.app, teacher.headers, created._id)).statusCode).toBe(404);
    });

    it('answers 401 to every endpoint without a session', async () => {
      const created = await createRubric(t.app, teacher.headers);
      for (const res of [
        await myRubrics(t.app, null),
        await getRubric(t.app, null, created._id),
        await postRubric(t.app, null, rubricBody()),
        await patchRubric(t.app, null, created._id, rubricBody({ title: 'Intruso' })),
        await deleteRubric(t.app, null, created._id),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ type: 'UNAUTHORIZED', message: messages.unauthorized });
      }
      expect(await storedRow(created._id)).toMatchObject({ title: 'Rúbrica de cuentos' });
    });

    it('hides a rubric from everyone but its owner: another teacher, a student and an admin get 404 and change nothing', async () => {
      const created = await createRubric(t.app, teacher.headers, { title: 'Privada' });
      const before = await storedRow(created._id);
      for (const who of [otherTeacher, student, admin]) {
        const attempts = [
          await getRubric(t.app, who.headers, created._id),
          await patchRubric(t.app, who.headers, created._id, rubricBody({ title: 'Cambiada' })),
          await deleteRubric(t.app, who.headers, created._id),
        ];
        for (const res of attempts) {
          expect(res.statusCode, who.role).toBe(404);
          expect(res.json()).toEqual({ type: 'NOT_FOUND', message: rubricMessages.notFound });
        }
      }
      expect(await storedRow(created._id)).toEqual(before);
      const mine = await getRubric(t.app, teacher.headers, created._id);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({ rubric: created });
    });

    it('answers another user’s rubric exactly as one that does not exist', async () => {
      const created = await createRubric(t.app, teacher.headers);
      const theirs = await getRubric(t.app, otherTeacher.headers, created._id);
      const none = await getRubric(t.app, otherTeacher.headers, randomUUID());
      expect(theirs.statusCode).toBe(none.statusCode);
      expect(theirs.body).toBe(none.body);
    });
  });

  describe('deleting', () => {
    it('removes a deleted teacher’s rubrics with the account', async () => {
      const leaving = await member(t.app, 'TEACHER', [], { name: 'Lucas Saliente' });
      const a = await createRubric(t.app, leaving.headers, { title: 'Primera' });
      const b = await createRubric(t.app, leaving.headers, { title: 'Segunda' });
      const kept = await createRubric(t.app, teacher.headers, { title: 'Se queda' });
      expect(await storedRow(a._id)).toBeDefined();
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${leaving.id}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(await t.app.db.select().from(users).where(eq(users.id, leaving.id))).toHaveLength(0);
      expect(await storedRow(a._id)).toBeUndefined();
      expect(await storedRow(b._id)).toBeUndefined();
      expect(await t.app.db.select().from(rubrics).where(eq(rubrics.ownerId, leaving.id))).toHaveLength(0);
      expect(await storedRow(kept._id)).toBeDefined();
    });

    it('deletes a rubric an evaluation was made with; the evaluation keeps its grid, its rubricId turns null', async () => {
      const world = await storyWorld(t.app);
      const story = await createStory(t.app, world.author.headers, { draft: false });
      expect(story.publicationStatus).toBe('REVIEWING');
      const rubric = await createRubric(t.app, world.teacher.headers, { title: 'Usada' });
      const checked = rubric.items.map((row) => ({ ...row, col1: { ...row.col1!, checked: true } }));
      const [evaluation] = await t.app.db
        .insert(evaluations)
        .values({
          storyId: story._id,
          teacherId: world.teacher.id,
          rubricId: rubric._id,
          columns: rubric.columns,
          items: checked,
          comment: 'Muy bien',
          score: 6,
          maxScore: 6,
          round: 1,
        })
        .returning();
      expect(evaluation!.rubricId).toBe(rubric._id);

      const res = await deleteRubric(t.app, world.teacher.headers, rubric._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: rubricMessages.deleted });
      expect(await storedRow(rubric._id)).toBeUndefined();
      const [after] = await t.app.db.select().from(evaluations).where(eq(evaluations.id, evaluation!.id));
      expect(after).toEqual({ ...evaluation, rubricId: null });
      expect(after!.columns).toEqual(rubric.columns);
      expect(after!.items).toEqual(checked);
    });
  });

  it('documents the five rubric operations in the OpenAPI page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const spec = res.json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    }>();
    expect(Object.keys(spec.paths['/api/v1/rubrics/my-rubrics'] ?? {})).toEqual(['get']);
    expect(Object.keys(spec.paths['/api/v1/rubrics'] ?? {})).toEqual(['post']);
    expect(Object.keys(spec.paths['/api/v1/rubrics/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
    const body = spec.paths['/api/v1/rubrics']!.post!.requestBody!.content['application/json']!.schema;
    expect(body).toMatchObject({
      type: 'object',
      properties: { title: expect.any(Object), columns: { type: 'array' }, items: { type: 'array' } },
    });
  });
});
