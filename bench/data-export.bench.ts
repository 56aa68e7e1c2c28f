/**
 * 'Mis datos' memory benchmark (issue 22.2): boots the real app on a fresh embedded database (or
 * the PostgreSQL server of DATABASE_URL), gives one student 500 fics (each ~2,500 words of HTML and
 * its own ~200 kB PNG cover, 100 MB in all), 500 comments, 1,000 likes and 2,000 activity lines, then downloads
 * GET /api/v1/me/data-export over HTTP, reading the ZIP as it streams, while sampling the
 * process's live memory every 500 ms (a full garbage collection before each sample). Prints the archive's size and the peak growth of RSS and of the
 * JavaScript heap over what the process held just before the request, and checks the ZIP holds the
 * 500 HTML files and covers. Exits non-zero when the heap grows by more than --budget-mb (default
 * 64): the export must not hold the fics, only a page of them at a time.
 *
 *   node --expose-gc --import tsx bench/data-export.bench.ts [--fics=500] [--budget-mb=64]
 *   DATABASE_URL=postgres://... node --expose-gc --import tsx bench/data-export.bench.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { unzipSync } from 'fflate';
import { buildApp } from '../apps/api/src/app';
import { testConfig } from '../apps/api/src/test/config';
import { openDatabase } from '../apps/api/src/db/client';
import { createSession } from '../apps/api/src/modules/credentials';

/** The id a one-row `insert … returning id` gave back. */
function idOf(result: unknown): string {
  const row = (result as { rows: { id: string }[] }).rows[0];
  if (!row) {
    throw new Error('the insert returned no row');
  }
  return row.id;
}

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const FICS = arg('fics', 500);
const BUDGET_MB = arg('budget-mb', 64);
const MB = 1024 * 1024;

const words = [
  'bosque',
  'niebla',
  'camino',
  'río',
  'montaña',
  'silencio',
  'pingüino',
  'ventana',
  'abuela',
  'faro',
];
const ficText = (n: number) =>
  Array.from(
    { length: 50 },
    (_, p) =>
      `<p>${Array.from({ length: 50 }, (_, w) => words[(n + p * 7 + w * 3) % words.length]).join(' ')}.</p>`,
  ).join('');

/** A noisy 300×240 PNG (~200 kB: noise does not compress), different per fic. */
async function cover(n: number): Promise<Buffer> {
  const width = 300;
  const height = 240;
  const pixels = randomBytes(width * height * 3);
  pixels.writeUInt32BE(n, 0);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

const config = testConfig();
const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {},
);
await database.migrate();
const app = await buildApp({ config, database, logger: false });
await app.ready();
const { db } = app;
const run = randomUUID().slice(0, 8);

const roleId = idOf(await db.execute(sql`select id from roles where name = 'STUDENT'`));
const collegeId = idOf(
  await db.execute(sql`insert into colleges (name) values (${`Escuela Bench ${run}`}) returning id`),
);
const gradeId = idOf(
  await db.execute(
    sql`insert into grades (college_id, level, cicle, name) values (${collegeId}, 'Primero', 'Medio', 'A') returning id`,
  ),
);
const userId = idOf(
  await db.execute(
    sql`insert into users (name, email, role_id) values ('Estudiante Bench', ${`bench-${run}@fics.test`}, ${roleId}) returning id`,
  ),
);
await db.execute(sql`insert into user_grades (user_id, grade_id) values (${userId}, ${gradeId})`);

let coverBytes = 0;
for (let n = 0; n < FICS; n += 1) {
  const png = await cover(n);
  coverBytes += png.length;
  const coverId = idOf(
    await db.execute(
      sql`insert into media (owner_id, content_type, width, height, bytes) values (${userId}, 'image/png', 300, 240, ${png}) returning id`,
    ),
  );
  const storyId = idOf(
    await db.execute(
      sql`insert into stories (author_id, college_id, grade_id, title, text, cover_id, word_count)
          values (${userId}, ${collegeId}, ${gradeId}, ${`Fic número ${n + 1}`}, ${ficText(n)}, ${coverId}, 2500) returning id`,
    ),
  );
  await db.execute(
    sql`insert into comments (story_id, author_id, text) values (${storyId}, ${userId}, ${`<p>Comentario ${n}</p>`})`,
  );
}
await db.execute(sql`insert into story_likes (story_id, user_id)
  select id, ${userId}::uuid from stories where author_id = ${userId} limit 1000`);
await db.execute(sql`insert into tracking_events (user_id, resource, action)
  select ${userId}::uuid, 'AUTH', 'LOGIN' from generate_series(1, 2000)`);
const { accessToken } = await createSession({ db, jwtSecret: config.jwtSecret, userId, role: 'STUDENT' });

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
const file = path.join(tmpdir(), `fics-data-export-bench-${run}.zip`);

global.gc?.();
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed;
// Live memory, not garbage waiting for a collection: a full collection before each sample.
const sampler = setInterval(() => {
  global.gc?.();
  const now = process.memoryUsage();
  peakRss = Math.max(peakRss, now.rss);
  peakHeap = Math.max(peakHeap, now.heapUsed);
}, 500);
const started = performance.now();
let zipBytes = 0;
await new Promise<void>((resolve, reject) => {
  request(
    {
      host: '127.0.0.1',
      port,
      path: '/api/v1/me/data-export',
      headers: { authorization: `Bearer ${accessToken}` },
    },
    (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`GET /me/data-export answered ${res.statusCode}`));
        return;
      }
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          zipBytes += chunk.length;
          done(null, chunk);
        },
      });
      pipeline(res, count, createWriteStream(file)).then(resolve, reject);
    },
  )
    .on('error', reject)
    .end();
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);

const files = Object.keys(unzipSync(readFileSync(file), { filter: () => true }));
rmSync(file);
const html = files.filter((name) => name.endsWith('.html')).length;
const covers = files.filter((name) => name.endsWith('-portada.png')).length;
await app.close();

const rssGrowth = (peakRss - before.rss) / MB;
const heapGrowth = (peakHeap - before.heapUsed) / MB;
console.log(
  [
    `Base de datos: ${database.kind}; ${FICS} fics, portadas ${(coverBytes / MB).toFixed(0)} MB en total`,
    `ZIP: ${(zipBytes / MB).toFixed(1)} MB, ${files.length} archivos (${html} HTML, ${covers} portadas) en ${seconds.toFixed(1)} s`,
    `Memoria durante la descarga (sobre lo que el proceso tenía antes): RSS +${rssGrowth.toFixed(1)} MB, heap +${heapGrowth.toFixed(1)} MB (tope ${BUDGET_MB} MB)`,
  ].join('\n'),
);
if (html !== FICS || covers !== FICS) {
  console.error(`Se esperaban ${FICS} HTML y ${FICS} portadas`);
  process.exit(1);
}
if (heapGrowth > BUDGET_MB) {
  console.error('El heap creció más que el tope: la exportación está guardando demasiado en memoria');
  process.exit(1);
}
