import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages, rubricMessages, type Paged, type Rubric, type RubricTemplate } from '@fics/contracts';
import { rubricTemplates, rubrics } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { insertGrade, member, schoolWorld } from '../users/users.fixtures';
import {
  createRubric,
  deleteRubric,
  getRubric,
  patchRubric,
  rubricBody,
  rubricRow,
} from './rubrics.fixtures';

type Headers = Record<string, string>;
type World = Awaited<ReturnType<typeof schoolWorld>>;

/** School rubric templates (issue 20.4): marks by administrators, the teachers' list, copies. */
describe('rubric templates: PUT/DELETE/GET /rubrics/:id/templates, GET /rubric-templates, POST …/copy', () => {
  let t: TestApp;
  let w: World;
  /** The administrator's rubric offered to school A. */
  let template: Rubric;

  const mark = (headers: Headers | null, rubricId: string, collegeId: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/rubrics/${rubricId}/templates/${collegeId}`,
      headers: headers ?? undefined,
    });
  const unmark = (headers: Headers | null, rubricId: string, collegeId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1/rubrics/${rubricId}/templates/${collegeId}`,
      headers: headers ?? undefined,
    });
  const marks = (headers: Headers | null, rubricId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/rubrics/${rubricId}/templates`,
      headers: headers ?? undefined,
    });
  const list = (headers: Headers | null, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/rubric-templates${query}`, headers: headers ?? undefined });
  const listed = async (headers: Headers, query = '') => {
    const res = await list(headers, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ templates: Paged<RubricTemplate> }>().templates;
  };
  const copy = (headers: Headers | null, rubricId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/rubric-templates/${rubricId}/copy`,
      headers: headers ?? undefined,
    });
  const markRows = (rubricId: string) =>
    t.app.db.select().from(rubricTemplates).where(eq(rubricTemplates.rubricId, rubricId));
  const rubricCount = async () => (await t.app.db.select({ id: rubrics.id }).from(rubrics)).length;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
    template = await createRubric(t.app, w.admin.headers, rubricBody({ title: 'Plantilla de cuentos' }));
    const res = await mark(w.admin.headers, template._id, w.collegeA);
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('marking (administrators)', () => {
    it('marks the rubric for a school and answers the schools it is a template of; marking again changes nothing', async () => {
      const before = await markRows(template._id);
      expect(before).toHaveLength(1);
      const again = await mark(w.admin.headers, template._id, w.collegeA);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({
        colleges: [{ _id: w.collegeA, name: 'Escuela Arrayán', markedAt: before[0]!.markedAt.toISOString() }],
      });
      expect(await markRows(template._id)).toEqual(before);
      expect(before[0]).toMatchObject({ collegeId: w.collegeA, markedBy: w.admin.id });
      const read = await marks(w.admin.headers, template._id);
      expect(read.json()).toEqual(again.json());
    });

    it('marks for a second school and unmarks it (idempotent), leaving the first', async () => {
      const rubric = await createRubric(t.app, w.admin.headers, rubricBody({ title: 'Dos colegios' }));
      await mark(w.admin.headers, rubric._id, w.collegeA);
      const both = await mark(w.admin.headers, rubric._id, w.collegeB);
      expect(both.json<{ colleges: { name: string }[] }>().colleges.map((c) => c.name)).toEqual([
        'Escuela Arrayán',
        'Liceo Bosque',
      ]);
      for (let i = 0; i < 2; i += 1) {
        const res = await unmark(w.admin.headers, rubric._id, w.collegeB);
        expect(res.statusCode).toBe(200);
        expect(res.json<{ colleges: { _id: string }[] }>().colleges.map((c) => c._id)).toEqual([w.collegeA]);
      }
      expect(await markRows(rubric._id)).toHaveLength(1);
    });

    it('answers 404 for an unknown school or rubric, and nothing is stored', async () => {
      const unknownCollege = await mark(w.admin.headers, template._id, randomUUID());
      expect(unknownCollege.statusCode).toBe(404);
      expect(unknownCollege.json()).toEqual({ type: 'NOT_FOUND', message: rubricMessages.collegeNotFound });
      const unknownRubric = await mark(w.admin.headers, randomUUID(), w.collegeA);
      expect(unknownRubric.statusCode).toBe(404);
      expect(unknownRubric.json()).toEqual({ type: 'NOT_FOUND', message: rubricMessages.notFound });
      expect(await markRows(template._id)).toHaveLength(1);
    });

    it('refuses malformed ids with 400 and a Spanish message', async () => {
      const res = await mark(w.admin.headers, template._id, 'no-es-un-id');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { collegeId: 'Identificador inválido' },
      });
    });

    it("refuses a teacher's rubric to an administrator (404: a teacher's rubric is private)", async () => {
      const own = await createRubric(t.app, w.teacherA.headers, rubricBody({ title: 'Mía' }));
      for (const res of [
        await mark(w.admin.headers, own._id, w.collegeA),
        await unmark(w.admin.headers, own._id, w.collegeA),
        await marks(w.admin.headers, own._id),
      ]) {
        expect(res.statusCode).toBe(404);
      }
      expect(await markRows(own._id)).toHaveLength(0);
    });

    it("refuses another administrator's rubric (404, the mark stays)", async () => {
      const otherAdmin = await member(t.app, 'ADMIN', [], { name: 'Otra Administradora' });
      expect((await unmark(otherAdmin.headers, template._id, w.collegeA)).statusCode).toBe(404);
      expect((await mark(otherAdmin.headers, template._id, w.collegeB)).statusCode).toBe(404);
      expect(await markRows(template._id)).toHaveLength(1);
    });

    it('refuses marking, unmarking and reading marks to teachers and students (403), even of their own rubric', async () => {
      const own = await createRubric(t.app, w.teacherA.headers, rubricBody({ title: 'Del docente' }));
      for (const who of [w.teacherA, w.studentA1]) {
        for (const rubricId of [template._id, own._id]) {
          for (const res of [
            await mark(who.headers, rubricId, w.collegeA),
            await unmark(who.headers, rubricId, w.collegeA),
            await marks(who.headers, rubricId),
          ]) {
            expect(res.statusCode, who.role).toBe(403);
            expect(res.json()).toEqual({
              type: 'FORBIDDEN',
              message: rubricMessages.onlyAdminsMarkTemplates,
            });
          }
        }
      }
      expect(await markRows(template._id)).toHaveLength(1);
      expect(await markRows(own._id)).toHaveLength(0);
    });

    it('settles parallel marks of the same rubric and school to one row', async () => {
      const rubric = await createRubric(t.app, w.admin.headers, rubricBody({ title: 'En paralelo' }));
      const results = await Promise.all(
        Array.from({ length: 8 }, () => mark(w.admin.headers, rubric._id, w.collegeB)),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
      expect(await markRows(rubric._id)).toHaveLength(1);
      await deleteRubric(t.app, w.admin.headers, rubric._id);
    });

    it('drops the marks with the rubric (the list no longer shows it)', async () => {
      const rubric = await createRubric(t.app, w.admin.headers, rubricBody({ title: 'Efímera' }));
      await mark(w.admin.headers, rubric._id, w.collegeA);
      expect((await deleteRubric(t.app, w.admin.headers, rubric._id)).statusCode).toBe(200);
      expect(await markRows(rubric._id)).toHaveLength(0);
      expect((await listed(w.teacherA.headers)).docs.map((d) => d.rubric._id)).not.toContain(rubric._id);
    });
  });

  describe('listing (GET /rubric-templates)', () => {
    it("lists to a teacher their schools' templates with the rubric and the school's name", async () => {
      const page = await listed(w.teacherA.headers);
      const item = page.docs.find((d) => d.rubric._id === template._id);
      expect(item).toEqual({
        rubric: { ...template, updatedAt: expect.any(String) },
        college: { _id: w.collegeA, name: 'Escuela Arrayán' },
        markedAt: expect.any(String),
      });
      expect(page.docs.every((d) => d.college._id === w.collegeA)).toBe(true);
    });

    it("does not list school A's templates to a teacher of another school", async () => {
      const page = await listed(w.teacherB.headers);
      expect(page.docs.map((d) => d.college._id)).not.toContain(w.collegeA);
      // Asking for school A by its id shows nothing either.
      expect((await listed(w.teacherB.headers, `?collegeId=${w.collegeA}`)).docs).toEqual([]);
    });

    it("lists every school's templates to an administrator, or one school's with collegeId", async () => {
      const rubric = await createRubric(t.app, w.admin.headers, rubricBody({ title: 'Para el liceo' }));
      await mark(w.admin.headers, rubric._id, w.collegeB);
      const all = await listed(w.admin.headers, '?limit=50');
      expect(all.docs.map((d) => d.college._id)).toEqual(expect.arrayContaining([w.collegeA, w.collegeB]));
      const onlyB = await listed(w.admin.headers, `?collegeId=${w.collegeB}`);
      expect(onlyB.docs.map((d) => d.rubric._id)).toEqual([rubric._id]);
      expect((await listed(w.teacherB.headers)).docs.map((d) => d.rubric._id)).toEqual([rubric._id]);
      await deleteRubric(t.app, w.admin.headers, rubric._id);
    });

    it('pages newest mark first, in SQL, with the shared paging errors', async () => {
      const college = w.collegeB;
      const grade = await insertGrade(t.app, college, { level: 'Segundo', cicle: 'Medio', name: 'P' });
      const pager = await member(t.app, 'TEACHER', [grade], { name: 'Paula Paginadora' });
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const rubric = await createRubric(t.app, w.admin.headers, rubricBody({ title: `Página ${i}` }));
        await mark(w.admin.headers, rubric._id, college);
        ids.push(rubric._id);
      }
      const first = await listed(pager.headers, '?limit=2');
      expect(first).toMatchObject({ page: 1, limit: 2, totalDocs: 3, hasNextPage: true, nextPage: 2 });
      const second = await listed(pager.headers, '?limit=2&page=2');
      expect([...first.docs, ...second.docs].map((d) => d.rubric._id)).toEqual([...ids].reverse());
      for (const query of ['?limit=51', '?page=0', '?collegeId=x']) {
        const res = await list(pager.headers, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json<{ type: string }>().type).toBe('VALIDATION_ERROR');
      }
      for (const id of ids) {
        await deleteRubric(t.app, w.admin.headers, id);
      }
    });

    it('refuses the list to a student (403)', async () => {
      const res = await list(w.studentA1.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ type: 'FORBIDDEN', message: rubricMessages.templatesForbidden });
    });
  });

  describe('copying (POST /rubric-templates/:rubricId/copy)', () => {
    it("copies a template of the teacher's school into their rubrics, independent of the original", async () => {
      const res = await copy(w.teacherA.headers, template._id);
      expect(res.statusCode, res.body).toBe(201);
      const { rubric: copied, message } = res.json<{ rubric: Rubric; message: string }>();
      expect(message).toBe(rubricMessages.copied);
      expect(copied._id).not.toBe(template._id);
      expect(copied).toMatchObject({
        title: template.title,
        description: template.description,
        columns: template.columns,
        items: template.items,
      });
      const [row] = await t.app.db.select().from(rubrics).where(eq(rubrics.id, copied._id));
      expect(row?.ownerId).toBe(w.teacherA.id);
      expect((await getRubric(t.app, w.teacherA.headers, copied._id)).statusCode).toBe(200);

      // Editing the copy leaves the original, and editing the original leaves the copy.
      const edited = await patchRubric(
        t.app,
        w.teacherA.headers,
        copied._id,
        rubricBody({ title: 'Mi copia', items: [rubricRow('Voz narrativa')] }),
      );
      expect(edited.statusCode).toBe(200);
      const original = await getRubric(t.app, w.admin.headers, template._id);
      expect(original.json<{ rubric: Rubric }>().rubric).toMatchObject({
        title: template.title,
        items: template.items,
      });
      const scratch = await createRubric(t.app, w.admin.headers, rubricBody({ title: 'Borrable' }));
      await mark(w.admin.headers, scratch._id, w.collegeA);
      const second = (await copy(w.teacherA.headers, scratch._id)).json<{ rubric: Rubric }>().rubric;
      await patchRubric(t.app, w.admin.headers, scratch._id, rubricBody({ title: 'Cambiada' }));
      expect((await deleteRubric(t.app, w.admin.headers, scratch._id)).statusCode).toBe(200);
      const kept = await getRubric(t.app, w.teacherA.headers, second._id);
      expect(kept.statusCode).toBe(200);
      expect(kept.json<{ rubric: Rubric }>().rubric.title).toBe('Borrable');
    });

    it('lets a teacher copy the same template twice (two rubrics) and an administrator copy any template', async () => {
      const a = await copy(w.teacherA.headers, template._id);
      const b = await copy(w.teacherA.headers, template._id);
      expect(a.json<{ rubric: Rubric }>().rubric._id).not.toBe(b.json<{ rubric: Rubric }>().rubric._id);
      const byAdmin = await copy(w.admin.headers, template._id);
      expect(byAdmin.statusCode).toBe(201);
    });

    it('refuses a teacher of another school, a rubric that is not a template and an unknown id (404, nothing stored)', async () => {
      const notTemplate = await createRubric(t.app, w.admin.headers, rubricBody({ title: 'Sin marcar' }));
      const teachersOwn = await createRubric(t.app, w.teacherA.headers, rubricBody({ title: 'Propia' }));
      const before = await rubricCount();
      for (const [headers, rubricId] of [
        [w.teacherB.headers, template._id],
        [w.teacherA.headers, notTemplate._id],
        [w.teacherB.headers, teachersOwn._id],
        [w.teacherA.headers, randomUUID()],
      ] as const) {
        const res = await copy(headers, rubricId);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ type: 'NOT_FOUND', message: rubricMessages.templateNotFound });
      }
      expect(await rubricCount()).toBe(before);
    });

    it('refuses a student (403, nothing stored)', async () => {
      const before = await rubricCount();
      const res = await copy(w.studentA1.headers, template._id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ type: 'FORBIDDEN', message: rubricMessages.templatesForbidden });
      expect(await rubricCount()).toBe(before);
    });

    it('stops offering the template to the school once unmarked (404 to copy)', async () => {
      const rubric = await createRubric(t.app, w.admin.headers, rubricBody({ title: 'Retirada' }));
      await mark(w.admin.headers, rubric._id, w.collegeA);
      await unmark(w.admin.headers, rubric._id, w.collegeA);
      expect((await copy(w.teacherA.headers, rubric._id)).statusCode).toBe(404);
      const rows = await t.app.db
        .select()
        .from(rubricTemplates)
        .where(and(eq(rubricTemplates.rubricId, rubric._id), eq(rubricTemplates.collegeId, w.collegeA)));
      expect(rows).toHaveLength(0);
    });
  });

  it('answers 401 to every endpoint without a session', async () => {
    for (const res of [
      await mark(null, template._id, w.collegeA),
      await unmark(null, template._id, w.collegeA),
      await marks(null, template._id),
      await list(null),
      await copy(null, template._id),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ type: 'UNAUTHORIZED', message: messages.unauthorized });
    }
    expect(await markRows(template._id)).toHaveLength(1);
  });
});
