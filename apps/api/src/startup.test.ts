import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthResult, College } from '@fics/contracts';
import type { Config } from './config';
import { colleges, grades, users } from './db/schema';
import { DEMO_ACCOUNTS_FILE, type DemoAccountsFile } from './db/seed/demo';
import { hashPassword } from './lib/passwords';
import { runStartupTasks } from './startup';
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

  it('seeds the demo school and three accounts that log in, stores and prints their passwords', async () => {
    await startup(t);

    const file = path.join(t.config.dataDir, DEMO_ACCOUNTS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const { accounts } = readFile(t);
    expect(accounts.map(({ role, name, email }) => ({ role, name, email }))).toEqual([
      { role: 'ADMIN', name: 'Ana Administradora', email: 'administrador@demo.fics.cl' },
      { role: 'TEACHER', name: 'Diego Docente', email: 'docente@demo.fics.cl' },
      { role: 'STUDENT', name: 'Sofía Estudiante', email: 'estudiante@demo.fics.cl' },
    ]);
    const passwords = accounts.map((a) => a.password);
    expect(new Set(passwords).size).toBe(3);
    for (const password of passwords) {
      expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    }

    const [college] = await t.app.db.select().from(colleges);
    // Stored by official code (Metropolitana de Santiago, Santiago), answered by name.
    expect(college).toMatchObject({ name: 'Colegio Demo Los Aromos', regionId: '13', communeId: '13101' });
    const byRole = new Map<string, AuthResult>();
    for (const account of accounts) {
      const res = await login(t, account.email, account.password);
      expect(res.statusCode).toBe(200);
      byRole.set(account.role, res.json<AuthResult>());
    }
    const schools = await t.app.inject({
      method: 'GET',
      url: '/api/v1/colleges',
      headers: { authorization: `Bearer ${byRole.get('ADMIN')!.accessToken}` },
    });
    expect(schools.json<{ colleges: College[] }>().colleges).toEqual([
      {
        _id: college!.id,
        name: 'Colegio Demo Los Aromos',
        region: 'Metropolitana de Santiago',
        zone: 'Santiago',
        grades: [
          expect.objectContaining({ level: 'Quinto', cicle: 'Básico', name: 'A' }),
          expect.objectContaining({ level: 'Primero', cicle: 'Medio', name: 'B' }),
        ],
      },
    ]);
    const label = (g: { level: string; cicle: string; name: string }) => `${g.level} ${g.cicle} ${g.name}`;
    expect(byRole.get('TEACHER')!.user.gradeId.map(label).sort()).toEqual([
      'Primero Medio B',
      'Quinto Básico A',
    ]);
    expect(byRole.get('STUDENT')!.user.gradeId.map(label)).toEqual(['Quinto Básico A']);
    expect(byRole.get('STUDENT')!.user.collegeId).toEqual([
      { _id: college!.id, name: 'Colegio Demo Los Aromos' },
    ]);
    expect(byRole.get('ADMIN')!.user.gradeId).toEqual([]);

    expect(t.printed).toHaveLength(1);
    expect(t.printed[0]).toContain('Cuentas de demostración:');
    for (const account of accounts) {
      expect(t.printed[0]).toContain(account.email);
      expect(t.printed[0]).toContain(account.password);
    }
  });

  it('seeds once: a second start adds nothing, keeps the passwords and prints them again', async () => {
    const first = readFile(t);
    await startup(t);
    expect(readFile(t)).toEqual(first);
    expect(await t.app.db.select().from(colleges)).toHaveLength(1);
    expect(await t.app.db.select().from(grades)).toHaveLength(2);
    expect(await t.app.db.select().from(users)).toHaveLength(3);
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
