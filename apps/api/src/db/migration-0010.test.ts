import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase, type Database } from './client';
import { migrationsUpTo } from '../test/migrations-up-to';

/**
 * Migration 0010 (issue 18.5): the links stored with five-decimal coordinates become a point
 * rounded to two decimals, and the link column goes. Run on a database migrated up to 0009 with
 * the kinds of link earlier versions accepted.
 */
describe('migration 0010: coarse locations', () => {
  let database: Database;
  let before: string;
  const ids: Record<string, string> = {};

  const links: Record<string, string | null> = {
    // What the send dialog built: marker and map centre to five decimals.
    dialog: 'https://www.openstreetmap.org/?mlat=-33.43781&mlon=-70.65049#map=16/-33.43781/-70.65049',
    // Only a map centre.
    centre: 'https://www.openstreetmap.org/#map=18/-41.31927/-72.98544',
    // Rounding away from zero at the half: -0.005 → -0.01, 179.996 → 180.00.
    edges: 'https://www.openstreetmap.org/?mlat=-0.005&mlon=179.996',
    // Any other http(s) link the old API accepted: no point is kept, the link goes.
    other: 'https://maps.example.com/@-33.4378123,-70.6504912,17z',
    // A point outside the globe: nothing kept, and the migration does not fail.
    outside: 'https://www.openstreetmap.org/?mlat=123.45678&mlon=-70.1',
    none: null,
  };

  beforeAll(async () => {
    database = await openDatabase({});
    before = migrationsUpTo(9);
    await migrate(drizzle({ client: database.pglite! }), { migrationsFolder: before });
    const id = async (query: string, params: unknown[] = []) =>
      (await database.pglite!.query<{ id: string }>(query, params)).rows[0]!.id;
    const roleId = await id(`select id from roles where name = 'STUDENT'`);
    const collegeId = await id(`insert into colleges (name) values ('Colegio Migración') returning id`);
    const gradeId = await id(
      `insert into grades (college_id, level, cicle, name) values ($1, '1', 'Media', 'A') returning id`,
      [collegeId],
    );
    const userId = await id(
      `insert into users (name, email, role_id) values ('Ana Pérez', 'ana@migracion.test', $1) returning id`,
      [roleId],
    );
    const coverId = await id(
      `insert into media (content_type, width, height, bytes) values ('image/png', 1, 1, '\\x01') returning id`,
    );
    for (const [key, link] of Object.entries(links)) {
      ids[key] = await id(
        `insert into stories (author_id, college_id, grade_id, title, text, location, location_url, cover_id)
         values ($1, $2, $3, $4, '<p>x</p>', 'Santiago', $5, $6) returning id`,
        [userId, collegeId, gradeId, key, link, coverId],
      );
    }
    await database.migrate();
  }, 120_000);

  afterAll(async () => {
    await database.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  async function pointOf(key: string) {
    const result = await database.pglite!.query<{ lat: string | null; lon: string | null; location: string }>(
      'select location_lat::text as lat, location_lon::text as lon, location from stories where id = $1',
      [ids[key]],
    );
    return result.rows[0]!;
  }

  it('rounds the send dialog’s links to two decimals, from the marker or the map centre', async () => {
    expect(await pointOf('dialog')).toEqual({ lat: '-33.44', lon: '-70.65', location: 'Santiago' });
    expect(await pointOf('centre')).toEqual({ lat: '-41.32', lon: '-72.99', location: 'Santiago' });
    expect(await pointOf('edges')).toEqual({ lat: '-0.01', lon: '180.00', location: 'Santiago' });
  });

  it('keeps no point for other links, points outside the globe or no link, and drops the link column', async () => {
    for (const key of ['other', 'outside', 'none']) {
      expect(await pointOf(key)).toEqual({ lat: null, lon: null, location: 'Santiago' });
    }
    const columns = await database.pglite!.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_name = 'stories' and column_name like 'location%' order by column_name`,
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual(['location', 'location_lat', 'location_lon']);
  });

  it('cannot store anything finer than two decimals, nor half a point', async () => {
    await database.db.execute(
      sql`update stories set location_lat = -33.437812, location_lon = -70.650491 where id = ${ids.none!}`,
    );
    expect(await pointOf('none')).toMatchObject({ lat: '-33.44', lon: '-70.65' });
    await expect(
      database.db.execute(sql`update stories set location_lat = null where id = ${ids.none!}`),
    ).rejects.toThrow();
  });
});
