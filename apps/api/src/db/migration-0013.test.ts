import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase, type Database } from './client';
import { migrationsUpTo } from '../test/migrations-up-to';

/**
 * Migration 0013 (issue 19.4): the one-kind notifications table (STORY_PUBLISHED, a fic each)
 * becomes the in-app inbox. Rows written before it keep their recipient, fic, date and read state,
 * and get the text a new publication notification has.
 */
describe('migration 0013: notifications inbox', () => {
  let database: Database;
  let before: string;
  const ids: Record<string, string> = {};

  const query = <T extends object>(text: string, params: unknown[] = []) =>
    database.pglite!.query<T>(text, params).then((result) => result.rows);

  beforeAll(async () => {
    database = await openDatabase({});
    before = migrationsUpTo(12);
    await migrate(drizzle({ client: database.pglite! }), { migrationsFolder: before });
    const id = async (text: string, params: unknown[] = []) =>
      (await query<{ id: string }>(text, params))[0]!.id;
    const roleId = await id(`select id from roles where name = 'STUDENT'`);
    const collegeId = await id(`insert into colleges (name) values ('Colegio Migración') returning id`);
    const gradeId = await id(
      `insert into grades (college_id, level, cicle, name) values ($1, '1', 'Media', 'A') returning id`,
      [collegeId],
    );
    ids.user = await id(
      `insert into users (name, email, role_id) values ('Ana Pérez', 'ana@migracion.test', $1) returning id`,
      [roleId],
    );
    const coverId = await id(
      `insert into media (content_type, width, height, bytes) values ('image/png', 1, 1, '\\x01') returning id`,
    );
    for (const title of ['El faro', 'La marea']) {
      ids[title] = await id(
        `insert into stories (author_id, college_id, grade_id, title, text, location, cover_id, status, published_at)
         values ($1, $2, $3, $4, '<p>x</p>', 'Santiago', $5, 'PUBLISHED', now()) returning id`,
        [ids.user, collegeId, gradeId, title, coverId],
      );
    }
    await query(
      `insert into notifications (user_id, kind, story_id, created_at, read_at)
       values ($1, 'STORY_PUBLISHED', $2, '2026-03-01T12:00:00Z', '2026-03-02T12:00:00Z'),
              ($1, 'STORY_PUBLISHED', $3, '2026-04-01T12:00:00Z', null)`,
      [ids.user, ids['El faro'], ids['La marea']],
    );
    await database.migrate();
  }, 120_000);

  afterAll(async () => {
    await database.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('keeps every row with its recipient, fic, date and read state, and gives it its text', async () => {
    const rows = await query<Record<string, unknown>>(
      `select user_id, type, text, story_id, comment_id, request_kind, event_id,
              created_at::text as created_at, read_at is not null as read
       from notifications order by created_at`,
    );
    const common = {
      user_id: ids.user,
      type: 'STORY_PUBLISHED',
      comment_id: null,
      request_kind: null,
      event_id: null,
    };
    expect(rows).toEqual([
      {
        ...common,
        text: 'Tu fic «El faro» fue publicada',
        story_id: ids['El faro'],
        created_at: expect.stringContaining('2026-03-01') as unknown,
        read: true,
      },
      {
        ...common,
        text: 'Tu fic «La marea» fue publicada',
        story_id: ids['La marea'],
        created_at: expect.stringContaining('2026-04-01') as unknown,
        read: false,
      },
    ]);
  });

  it('still tells a fic’s publication once, refuses unknown types and takes notifications of no fic', async () => {
    await expect(
      query(
        `insert into notifications (user_id, type, text, story_id) values ($1, 'STORY_PUBLISHED', 'otra', $2)`,
        [ids.user, ids['El faro']],
      ),
    ).rejects.toThrow(/notifications_published_story_idx/);
    await expect(
      query(`insert into notifications (user_id, type, text) values ($1, 'STORY_LIKED', 'x')`, [ids.user]),
    ).rejects.toThrow(/notifications_type_check/);
    await query(
      `insert into notifications (user_id, type, text, request_kind, event_id) values ($1, 'REQUEST_CREATED', 'Nueva solicitud de registro', 'REGISTER', 7)`,
      [ids.user],
    );
    await expect(
      query(
        `insert into notifications (user_id, type, text, request_kind, event_id) values ($1, 'REQUEST_CREATED', 'otra vez', 'REGISTER', 7)`,
        [ids.user],
      ),
    ).rejects.toThrow(/notifications_event_user_unique/);
  });
});
