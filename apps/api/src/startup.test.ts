import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthResult, College, Story, StorySummary } from '@fics/contracts';
import type { Config } from './config';
import {
  colleges,
  evaluations,
  grades,
  mailOutbox,
  media,
  notifications,
  roles,
  rubrics,
  stories,
  storyRevisions,
  storyTags,
  tags,
  userGrades,
  users,
} from './db/schema';
import { DEMO_ACCOUNTS_FILE, type DemoAccountsFile } from './db/seed/demo';
import { hashPassword } from './lib/passwords';
import { runStartupTasks, startDemoCovers } from './startup';
import { buildTestApp, createUser, type TestApp } from './test/helpers';

type StartedApp = TestApp & { printed: string[] };

async function start(overrides: Partial<Config>): Promise<StartedApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-startup-'));
  const t = await buildTestApp({ dataDir, ...overrides });
  return {
    ...t,
    printed: [],
    close: async () => {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const startup = (t: StartedApp) => runStartupTasks({ app: t.app, print: (text) => t.printed.push(text) });

const login = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

const readFile = (t: TestApp) =>
  JSON.parse(fs.readFileSync(path.join(t.config.dataDir, DEMO_ACCOUNTS_FILE), 'utf8')) as DemoAccountsFile;

describe('bootstrap administrator', () => {
  let t: StartedApp;
  beforeAll(async () => {
    t = await start({ seedDemo: false });
  });
  afterAll(async () => {
    await t.close();
  });
  it('creates the bootstrap administrator once and never changes it afterwards', async () => {
    t.config.bootstrapAdmin = { email: 'jefa@colegio.cl', password: 'clave-inicial-segura' };
    await startup(t);
    const res = await login(t, 'JEFA@colegio.cl', 'clave-inicial-segura');
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthResult>().user.role.name).toBe('ADMIN');

    t.config.bootstrapAdmin = { email: 'jefa@colegio.cl', password: 'otra-clave-distinta' };
    await startup(t);
    expect(await t.app.db.select().from(users).where(eq(users.email, 'jefa@colegio.cl'))).toHaveLength(1);
    expect((await login(t, 'jefa@colegio.cl', 'clave-inicial-segura')).statusCode).toBe(200);
    expect((await login(t, 'jefa@colegio.cl', 'otra-clave-distinta')).statusCode).toBe(401);
  });

  it('leaves an existing account with the bootstrap e-mail as it is', async () => {
    const existing = await createUser(t.app, { role: 'TEACHER', email: 'ya-existe@colegio.cl' });
    t.config.bootstrapAdmin = { email: 'ya-existe@colegio.cl', password: 'clave-inicial-segura' };
    await startup(t);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, 'ya-existe@colegio.cl'));
    expect(row!.id).toBe(existing.id);
    expect((await login(t, existing.email, existing.password!)).json<AuthResult>().user.role.name).toBe(
      'TEACHER',
    );
  });
});

describe('demo data (SEED_DEMO=true)', () => {
  let t: StartedApp;
  beforeAll(async () => {
    t = await start({ seedDemo: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds the demo schools and four accounts that log in, stores and prints their passwords', async () => {
    await startup(t);

    const file = path.join(t.config.dataDir, DEMO_ACCOUNTS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const { accounts } = readFile(t);
    expect(accounts.map(({ role, name, email }) => ({ role, name, email }))).toEqual([
      { role: 'ADMIN', name: 'Ana Administradora', email: 'administrador@demo.fics.cl' },
      { role: 'TEACHER', name: 'Diego Docente', email: 'docente@demo.fics.cl' },
      { role: 'TEACHER', name: 'Carla Profesora', email: 'profesora@demo.fics.cl' },
      { role: 'STUDENT', name: 'Sofía Estudiante', email: 'estudiante@demo.fics.cl' },
    ]);
    const passwords = accounts.map((a) => a.password);
    expect(new Set(passwords).size).toBe(4);
    for (const password of passwords) {
      expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    }

    const schools = await t.app.db.select().from(colleges).orderBy(colleges.sortKey);
    // Stored by official code, answered by name.
    expect(schools.map(({ name, regionId, communeId }) => ({ name, regionId, communeId }))).toEqual([
      { name: 'Colegio Demo Los Aromos', regionId: '13', communeId: '13101' },
      { name: 'Liceo Demo Costa Azul', regionId: '05', communeId: '05101' },
    ]);
    const [aromos, costa] = schools;
    const byEmail = new Map<string, AuthResult>();
    for (const account of accounts) {
      const res = await login(t, account.email, account.password);
      expect(res.statusCode).toBe(200);
      byEmail.set(account.email, res.json<AuthResult>());
    }
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/colleges',
      headers: { authorization: `Bearer ${byEmail.get('administrador@demo.fics.cl')!.accessToken}` },
    });
    const label = (g: { level: string; cicle: string; name: string }) => `${g.level} ${g.cicle} ${g.name}`;
    expect(
      answer
        .json<{ colleges: College[] }>()
        .colleges.map((c) => ({ ...c, grades: c.grades.map(label).sort() })),
    ).toEqual([
      {
        _id: aromos!.id,
        name: 'Colegio Demo Los Aromos',
        region: 'Metropolitana de Santiago',
        zone: 'Santiago',
        grades: ['Primero Medio B', 'Quinto Básico A'],
      },
      {
        _id: costa!.id,
        name: 'Liceo Demo Costa Azul',
        region: 'Valparaíso',
        zone: 'Valparaíso',
        grades: ['Segundo Medio C', 'Sexto Básico A'],
      },
    ]);
    const user = (email: string) => byEmail.get(email)!.user;
    expect(user('docente@demo.fics.cl').gradeId.map(label).sort()).toEqual([
      'Primero Medio B',
      'Quinto Básico A',
    ]);
    expect(user('profesora@demo.fics.cl').gradeId.map(label).sort()).toEqual([
      'Segundo Medio C',
      'Sexto Básico A',
    ]);
    expect(user('estudiante@demo.fics.cl').gradeId.map(label)).toEqual(['Quinto Básico A']);
    expect(user('estudiante@demo.fics.cl').collegeId).toEqual([
      { _id: aromos!.id, name: 'Colegio Demo Los Aromos' },
    ]);
    expect(user('administrador@demo.fics.cl').gradeId).toEqual([]);

    // The other students have no password: they cannot log in, and are not printed.
    const students = await t.app.db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(roles.name, 'STUDENT'));
    expect(students).toHaveLength(14);
    expect(students.filter((s) => s.passwordHash === null)).toHaveLength(13);

    expect(t.printed).toHaveLength(1);
    expect(t.printed[0]).toContain('Cuentas de demostración:');
    for (const account of accounts) {
      expect(t.printed[0]).toContain(account.email);
      expect(t.printed[0]).toContain(account.password);
    }
    expect(t.printed[0]).not.toContain('martina.rojas@demo.fics.cl');
  });

  it('seeds fics in every status with covers, tags, revisions, evaluations and notifications', async () => {
    const { db } = t.app;
    const rows = await db.select().from(stories);
    const count = (status: string) => rows.filter((row) => row.status === status).length;
    expect({
      EDITING: count('EDITING'),
      REVIEWING: count('REVIEWING'),
      EVALUATED: count('EVALUATED'),
      PUBLISHED: count('PUBLISHED'),
    }).toEqual({ EDITING: 3, REVIEWING: 4, EVALUATED: 3, PUBLISHED: 25 });
    const published = rows.filter((row) => row.status === 'PUBLISHED');
    // Issue 22.5: the guardians of the demo students consented, but one under 14's: her fic stays
    // within her school, and a visitor's home still has two pages of 12.
    const withheld = published.filter((row) => row.authorWithheld);
    expect(withheld.map((row) => row.title)).toEqual(['El cometa del patio']);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/stories/${withheld[0]!.id}` })).statusCode,
    ).toBe(404);
    const home = await t.app.inject({ method: 'GET', url: '/api/v1/stories?page=2' });
    expect(home.json<{ stories: { totalDocs: number; docs: unknown[] } }>().stories).toMatchObject({
      totalDocs: 24,
      docs: expect.any(Array),
    });
    expect(home.json<{ stories: { docs: unknown[] } }>().stories.docs).toHaveLength(12);
    expect(published.filter((row) => row.anonymity).length).toBeGreaterThanOrEqual(3);
    expect(published.filter((row) => row.nicknameValue !== null).length).toBeGreaterThanOrEqual(3);
    expect(new Set(published.map((row) => row.collegeId)).size).toBe(2);
    expect(new Set(published.map((row) => row.authorId)).size).toBeGreaterThanOrEqual(10);
    // Spread over the past weeks, each on its own date.
    const ages = published.map((row) => (Date.now() - row.publishedAt!.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThan(0);
    expect(Math.max(...ages)).toBeGreaterThan(21);
    expect(Math.max(...ages)).toBeLessThan(60);
    expect(new Set(published.map((row) => row.publishedAt!.toISOString().slice(0, 10))).size).toBeGreaterThan(
      20,
    );

    // Every fic: a PNG cover with its WebP sizes, words counted, tags.
    const images = await db
      .select({
        id: media.id,
        variantOf: media.variantOf,
        contentType: media.contentType,
        width: media.width,
      })
      .from(media);
    for (const row of rows) {
      const cover = images.find((image) => image.id === row.coverId);
      expect(cover?.contentType, row.title).toBe('image/png');
      const sizes = images.filter((image) => image.variantOf === row.coverId);
      expect(sizes.map((s) => `${s.contentType} ${s.width}`).sort(), row.title).toEqual([
        'image/webp 320',
        'image/webp 640',
      ]);
      expect(row.wordCount, row.title).toBeGreaterThan(10);
    }
    const links = await db.select().from(storyTags);
    expect(new Set(links.map((link) => link.storyId)).size).toBe(rows.length);

    // One revision per sending, numbered from 1.
    const revisions = await db.select().from(storyRevisions);
    for (const row of rows) {
      const rounds = revisions
        .filter((r) => r.storyId === row.id)
        .map((r) => r.round)
        .sort();
      expect(rounds, row.title).toEqual(Array.from({ length: row.rounds }, (_, i) => i + 1));
      expect(row.rounds === 0, row.title).toBe(row.status === 'EDITING');
      expect(row.sentAt === null, row.title).toBe(row.status === 'EDITING');
    }

    // Evaluations: by a teacher of the fic's grade with their rubric; the score is the checked points.
    const teachersByGrade = await db.select().from(userGrades);
    const rubricRows = await db.select().from(rubrics);
    const evaluationRows = await db.select().from(evaluations);
    const [diego] = await db.select().from(users).where(eq(users.email, 'docente@demo.fics.cl'));
    const diegoRubric = rubricRows.find((r) => r.ownerId === diego!.id)!;
    expect(diegoRubric.columns.map((c) => `${c.name} ${c.pointValue}`)).toEqual([
      'Criterio 0',
      'Logrado 3',
      'Medianamente logrado 2',
      'Por lograr 1',
    ]);
    expect(diegoRubric.items.map((row) => row.col0!.value)).toEqual(
      expect.arrayContaining(['Ortografía y puntuación', 'Coherencia', 'Creatividad']),
    );
    for (const row of rows) {
      const evaluation = evaluationRows.find((e) => e.storyId === row.id);
      const expected =
        ['EVALUATED', 'PUBLISHED'].includes(row.status) || (row.status === 'REVIEWING' && row.rounds > 1);
      expect(evaluation !== undefined, row.title).toBe(expected);
      if (!evaluation) {
        continue;
      }
      expect(
        teachersByGrade.some((g) => g.userId === evaluation.teacherId && g.gradeId === row.gradeId),
        row.title,
      ).toBe(true);
      expect(rubricRows.find((r) => r.id === evaluation.rubricId)?.ownerId, row.title).toBe(
        evaluation.teacherId,
      );
      let score = 0;
      for (const item of evaluation.items) {
        const checked = evaluation.columns.filter((c) => item[`col${c.key}`]!.checked);
        expect(checked, row.title).toHaveLength(1);
        score += checked[0]!.pointValue;
      }
      expect(evaluation.score, row.title).toBe(score);
      expect(evaluation.maxScore, row.title).toBe(3 * evaluation.items.length);
      expect(evaluation.round, row.title).toBe(row.status === 'REVIEWING' ? row.rounds - 1 : row.rounds);
      expect(evaluation.comment.length, row.title).toBeGreaterThan(0);
    }
    expect(evaluationRows.filter((e) => e.teacherId === diego!.id).length).toBeGreaterThan(10);

    // The author is told of each publication, without e-mails.
    const told = await db.select().from(notifications);
    expect(told.map((n) => `${n.userId} ${n.storyId}`).sort()).toEqual(
      published.map((row) => `${row.authorId} ${row.id}`).sort(),
    );
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });

  it('gives Sofía her fics in every status, with her evaluation, and shows published fics to visitors', async () => {
    const { accounts } = readFile(t);
    const sofia = accounts.find((a) => a.role === 'STUDENT')!;
    const session = (await login(t, sofia.email, sofia.password)).json<AuthResult>();
    const headers = { authorization: `Bearer ${session.accessToken}` };
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/stories/student-stories', headers });
    const docs = mine.json<{ stories: { docs: StorySummary[]; totalDocs: number } }>().stories.docs;
    expect(new Set(docs.map((d) => d.publicationStatus))).toEqual(
      new Set(['EDITING', 'REVIEWING', 'EVALUATED', 'PUBLISHED']),
    );

    const evaluated = docs.find((d) => d.publicationStatus === 'EVALUATED')!;
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/stories/${evaluated._id}`, headers });
    const story = own.json<{ story: Story }>().story;
    expect(story.evaluation).toHaveLength(1);
    expect(story.evaluation[0]).toMatchObject({ teacher: { name: 'Diego Docente' }, maxScore: 12 });
    expect(story.evaluation[0]!.comment).not.toBe('');

    const published = await t.app.db.select().from(stories).where(eq(stories.status, 'PUBLISHED'));
    const anonymous = published.find((row) => row.anonymity)!;
    const pseudonymous = published.find((row) => row.nicknameValue !== null)!;
    for (const row of [anonymous, pseudonymous]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/stories/${row.id}` });
      expect(res.statusCode).toBe(200);
      const visible = res.json<{ story: Story }>().story;
      expect(visible.writtenBy).toBeNull();
      expect(visible.image.variants.map((v) => v.width)).toEqual([320, 640]);
      expect(visible.tags.length).toBeGreaterThan(0);
      const image = await t.app.inject({ method: 'GET', url: visible.image.variants[0]!.url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
  });

  it('seeds once: a second start adds nothing, keeps the passwords and prints them again', async () => {
    const first = readFile(t);
    const { db } = t.app;
    const sizes = async () => ({
      colleges: (await db.select().from(colleges)).length,
      grades: (await db.select().from(grades)).length,
      users: (await db.select().from(users)).length,
      stories: (await db.select({ id: stories.id }).from(stories)).length,
      media: (await db.select({ id: media.id }).from(media)).length,
      tags: (await db.select().from(tags)).length,
      revisions: (await db.select({ id: storyRevisions.id }).from(storyRevisions)).length,
      rubrics: (await db.select({ id: rubrics.id }).from(rubrics)).length,
      evaluations: (await db.select({ id: evaluations.id }).from(evaluations)).length,
      notifications: (await db.select({ id: notifications.id }).from(notifications)).length,
    });
    const before = await sizes();
    expect(before).toMatchObject({
      colleges: 2,
      grades: 4,
      users: 17,
      stories: 35,
      rubrics: 2,
      evaluations: 29,
    });
    await startup(t);
    expect(readFile(t)).toEqual(first);
    expect(await sizes()).toEqual(before);
    expect(t.printed).toHaveLength(2);
    expect(t.printed[1]).toBe(t.printed[0]);
  });

  it('marks a demo password that was changed instead of printing a wrong one', async () => {
    const { accounts } = readFile(t);
    await t.app.db
      .update(users)
      .set({ passwordHash: await hashPassword('cambiada-por-la-docente') })
      .where(eq(users.email, 'docente@demo.fics.cl'));
    await startup(t);
    const teacherLine = t.printed[2]!.split('\n').find((l) => l.includes('docente@demo.fics.cl'));
    expect(teacherLine).toContain('(la contraseña fue cambiada)');
    expect(t.printed[2]).not.toContain(accounts[1]!.password);
    expect(t.printed[2]).toContain(accounts[0]!.password);
  });
});

describe('demo data by default (SEED_DEMO unset)', () => {
  const started: StartedApp[] = [];
  const track = async (app: Promise<StartedApp>) => {
    started.push(await app);
    return started.at(-1)!;
  };
  afterEach(async () => {
    for (const app of started.splice(0)) {
      await app.close();
    }
  });

  it('seeds by default only a new embedded database without users', async () => {
    const t = await track(start({ seedDemo: undefined }));
    await startup(t);
    const demo = await t.app.db.select().from(users).where(eq(users.email, 'docente@demo.fics.cl'));
    // PGlite is the embedded database; with TEST_DATABASE_URL this runs on a server and must not seed.
    expect(demo).toHaveLength(t.database.kind === 'pglite' ? 1 : 0);
  });

  it('does not seed by default once the database has users, nor when SEED_DEMO is false', async () => {
    const withUsers = await track(start({ seedDemo: undefined }));
    await createUser(withUsers.app, { role: 'ADMIN' });
    await startup(withUsers);
    expect(await withUsers.app.db.select().from(users)).toHaveLength(1);
    expect(fs.existsSync(path.join(withUsers.config.dataDir, DEMO_ACCOUNTS_FILE))).toBe(false);
    expect(withUsers.printed).toEqual([]);

    const disabled = await track(start({ seedDemo: false }));
    await startup(disabled);
    expect(await disabled.app.db.select().from(users)).toHaveLength(0);
    expect(disabled.printed).toEqual([]);
  });
});

describe('demo covers drawn while a new embedded database is created (startDemoCovers)', () => {
  const base = { databaseUrl: undefined, seedDemo: undefined, env: 'development' as const };

  it('starts them only for an embedded database not created yet that will get the demo', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-covers-'));
    try {
      const pgliteDir = path.join(dir, 'pglite');
      expect(
        startDemoCovers({ ...base, databaseUrl: 'postgres://localhost/fics' }, pgliteDir),
      ).toBeUndefined();
      expect(startDemoCovers({ ...base, seedDemo: false }, pgliteDir)).toBeUndefined();
      expect(startDemoCovers({ ...base, env: 'production' }, pgliteDir)).toBeUndefined();

      const covers = startDemoCovers(base, pgliteDir);
      expect(covers).toBeInstanceOf(Promise);
      expect((await covers!).size).toBeGreaterThan(0);

      // A cluster there already (a restart): nothing is drawn.
      fs.mkdirSync(pgliteDir);
      fs.writeFileSync(path.join(pgliteDir, 'PG_VERSION'), '17\n');
      expect(startDemoCovers(base, pgliteDir)).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
