import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pgErrorCode } from '../lib/db-errors';
import { freshDatabase } from '../test/helpers';
import type { Database } from './client';
import { colleges, grades, media, roles, users } from './schema';

/** Rules the schema itself keeps, whatever the application code does (migration 0002). */
describe('integrity kept by the database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let studentRoleId: string;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
    const [role] = await database.db.select().from(roles).where(eq(roles.name, 'STUDENT'));
    studentRoleId = role!.id;
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  /** The SQLSTATE a statement fails with (undefined when it succeeds). */
  async function failure(statement: Promise<unknown>): Promise<string | undefined> {
    try {
      await statement;
      return undefined;
    } catch (error) {
      return pgErrorCode(error);
    }
  }

  it('clears a profile picture when its image is deleted, and refuses one that does not exist', async () => {
    const [image] = await database.db
      .insert(media)
      .values({ contentType: 'image/png', width: 1, height: 1, bytes: Buffer.from([1]) })
      .returning();
    const [user] = await database.db
      .insert(users)
      .values({
        name: 'Foto Borrada',
        email: 'foto@integrity.test',
        roleId: studentRoleId,
        profilePictureId: image!.id,
      })
      .returning();
    await database.db.delete(media).where(eq(media.id, image!.id));
    const [after] = await database.db.select().from(users).where(eq(users.id, user!.id));
    expect(after!.profilePictureId).toBeNull();

    expect(
      await failure(
        database.db
          .update(users)
          .set({ profilePictureId: '00000000-0000-4000-8000-000000000000' })
          .where(eq(users.id, user!.id)),
      ),
    ).toBe('23503');
  });

  it('refuses values outside the enum-like columns (CHECK constraints)', async () => {
    expect(
      await failure(database.db.execute(sql`insert into roles (name, display_name) values ('ROOT', 'Raíz')`)),
    ).toBe('23514');
    expect(
      await failure(
        database.db.execute(
          sql`insert into mail_outbox ("to", subject, text, html, kind, status) values ('a@b.cl', 's', 't', 'h', 'k', 'LOST')`,
        ),
      ),
    ).toBe('23514');
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Token Raro', email: 'token@integrity.test', roleId: studentRoleId })
      .returning();
    expect(
      await failure(
        database.db.execute(
          sql`insert into one_time_tokens (user_id, purpose, token_hash, expires_at) values (${user!.id}, 'MAGIC', 'h', now())`,
        ),
      ),
    ).toBe('23514');
  });

  it('keeps school names unique ignoring case and accents', async () => {
    await database.db.insert(colleges).values({ name: 'Liceo Los Ángeles' });
    expect(await failure(database.db.insert(colleges).values({ name: 'LICEO LOS ANGELES' }))).toBe('23505');
    expect(
      await failure(database.db.insert(colleges).values({ name: 'Liceo Los Ángeles II' })),
    ).toBeUndefined();
  });

  it('keeps one grade per school, cycle, level and name', async () => {
    const [school] = await database.db.insert(colleges).values({ name: 'Escuela Única' }).returning();
    const grade = { collegeId: school!.id, cicle: 'Básico', level: 'Primero', name: 'A' };
    await database.db.insert(grades).values(grade);
    expect(await failure(database.db.insert(grades).values({ ...grade, name: 'a' }))).toBe('23505');
    expect(await failure(database.db.insert(grades).values({ ...grade, name: 'B' }))).toBeUndefined();
    expect(await failure(database.db.insert(grades).values({ ...grade, level: 'Segundo' }))).toBeUndefined();
  });

  it('refuses a region or commune that is not official, or a commune outside its region', async () => {
    // Codes of the official list (seeded at start-up, not by migrations): seed two here.
    await database.db.execute(
      sql`insert into regions (id, name, position) values ('T1', 'Región Uno', 100), ('T2', 'Región Dos', 101)`,
    );
    await database.db.execute(
      sql`insert into communes (id, region_id, name) values ('T1001', 'T1', 'Comuna Uno')`,
    );
    expect(
      await failure(
        database.db.insert(colleges).values({ name: 'Colegio Bien', regionId: 'T1', communeId: 'T1001' }),
      ),
    ).toBeUndefined();
    expect(
      await failure(database.db.insert(colleges).values({ name: 'Colegio Sin Región', regionId: 'XX' })),
    ).toBe('23503');
    expect(
      await failure(
        database.db.insert(colleges).values({ name: 'Colegio Cruzado', regionId: 'T2', communeId: 'T1001' }),
      ),
    ).toBe('23503');
    expect(
      await failure(database.db.insert(colleges).values({ name: 'Colegio Suelto', communeId: 'T1001' })),
    ).toBe('23514');
  });
});
