/**
 * Bulk import benchmark: boots the real app on a fresh embedded database (migrated, regions
 * seeded, one school with one grade and its teacher), then imports 100 and 1,000 students through
 * POST /api/v1/users/bulk as an administrator and as the teacher. Prints times and ratios; exits
 * non-zero when a 1,000-row import takes 5 s or more, or does not create every row.
 *
 *   node --import tsx bench/bulk-import.bench.ts
 */
import type { FastifyInstance } from 'fastify';
import type { BulkImportSummary, RoleName } from '@fics/contracts';
import { buildApp } from '../apps/api/src/app';
import { testConfig } from '../apps/api/src/test/config';
import { openDatabase } from '../apps/api/src/db/client';
import { colleges, grades, roles, userGrades, users } from '../apps/api/src/db/schema';
import { seedRegions } from '../apps/api/src/db/seed/regions';
import { createSession } from '../apps/api/src/modules/credentials';

const BUDGET_MS = 5000;
const SIZES = [100, 1000] as const;

// No mail dispatcher loop (testConfig): the invitations stay queued in the outbox.
const config = testConfig();

interface Actor {
  label: string;
  authorization: string;
}

async function setUp(): Promise<{
  app: FastifyInstance;
  actors: Actor[];
  body: (n: number, tag: string) => object;
}> {
  const database = await openDatabase({});
  await database.migrate();
  await seedRegions(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const db = app.db;
  const roleRows = await db.select().from(roles);
  const roleId = (name: RoleName) => roleRows.find((r) => r.name === name)!.id;
  const [college] = await db.insert(colleges).values({ name: 'Escuela Benchmark' }).returning();
  const [grade] = await db
    .insert(grades)
    .values({ collegeId: college!.id, level: 'Primero', cicle: 'Básico', name: 'A' })
    .returning();
  const [admin, teacher] = await db
    .insert(users)
    .values([
      { name: 'Admin Bench', email: 'admin@bench.test', roleId: roleId('ADMIN'), passwordHash: null },
      { name: 'Docente Bench', email: 'docente@bench.test', roleId: roleId('TEACHER'), passwordHash: null },
    ])
    .returning();
  await db.insert(userGrades).values({ userId: teacher!.id, gradeId: grade!.id });
  const bearer = async (userId: string, role: RoleName) => {
    const { accessToken } = await createSession({ db, jwtSecret: config.jwtSecret, userId, role });
    return `Bearer ${accessToken}`;
  };
  const actors = [
    { label: 'administrador', authorization: await bearer(admin!.id, 'ADMIN') },
    { label: 'docente', authorization: await bearer(teacher!.id, 'TEACHER') },
  ];
  const body = (n: number, tag: string) => ({
    role: roleId('STUDENT'),
    collegeId: college!.id,
    gradeId: grade!.id,
    isExcel: true,
    users: Array.from({ length: n }, (_, i) => ({
      name: `Estudiante ${tag} ${i}`,
      email: `${tag}.${i}@bench.test`,
    })),
  });
  return { app, actors, body };
}

interface Timing {
  /** Wall-clock time of the request. */
  ms: number;
  /**
   * CPU time this process spent meanwhile (the embedded database runs in it too): on a busy
   * machine it shows how much of the wall time was our own work.
   */
  cpuMs: number;
}

async function importRows(
  app: FastifyInstance,
  actor: Actor,
  payload: object,
  expected: number,
): Promise<Timing> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/bulk',
    headers: { authorization: actor.authorization },
    payload,
  });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const summary = res.statusCode === 200 ? res.json<{ summary: BulkImportSummary }>().summary : undefined;
  if (!summary || summary.usersCreated !== expected || summary.usersErrors.length > 0) {
    throw new Error(`import as ${actor.label} failed: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  return { ms, cpuMs };
}

async function main(): Promise<number> {
  const { app, actors, body } = await setUp();
  let failed = false;
  try {
    // The first request pays for schema compilation and JIT warm-up; it is not measured.
    await importRows(app, actors[0]!, body(10, 'warmup'), 10);
    console.log('Carga masiva (POST /api/v1/users/bulk, base embebida PGlite en memoria)');
    for (const actor of actors) {
      const times: Record<number, Timing> = {};
      for (const n of SIZES) {
        times[n] = await importRows(app, actor, body(n, `${actor.label}-${n}`), n);
      }
      const small = times[SIZES[0]]!.ms;
      const large = times[SIZES[1]]!.ms;
      const overBudget = large >= BUDGET_MS;
      failed ||= overBudget;
      console.log(`  como ${actor.label}:`);
      for (const n of SIZES) {
        console.log(
          `    ${String(n).padStart(5)} filas: ${times[n]!.ms.toFixed(0).padStart(6)} ms  ` +
            `(${(times[n]!.ms / n).toFixed(2)} ms/fila; CPU del proceso ${times[n]!.cpuMs.toFixed(0)} ms)`,
        );
      }
      console.log(
        `    escala 1000 vs 100: ${(large / small).toFixed(2)}x (lineal = 10x)  |  ` +
          `1000 filas / presupuesto ${BUDGET_MS} ms: ${((large / BUDGET_MS) * 100).toFixed(0)}%` +
          (overBudget ? '  <-- EXCEDE EL PRESUPUESTO' : ''),
      );
    }
  } finally {
    await app.close();
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
