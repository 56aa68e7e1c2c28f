import type { Database } from '../db/client';

/** Entries kept at most; past that the oldest go first. */
const MAX_ENTRIES = 20_000;

/**
 * What signed-in requests read about their user again and again (their live session, their view
 * for GET /auth/me), kept in memory on the embedded database only, and dropped at commit of any
 * change to it (docs/decisions/signed-in-speed.md).
 *
 * The embedded database (PGlite) lives in this process and nothing else writes to it, so a cache
 * dropped when the database says so is exact: migration 0038's triggers send `fics_auth` with the
 * user's id (or '*' for everyone) when a session is revoked, expires or is deleted, or a user, their
 * grades, a school, a grade or a role changes, whatever statement does it; PGlite delivers the
 * notice while it reads the commit's answer, before the code that committed goes on, so the request
 * that logged out answers after the entries are gone. A load that began before a notice is not kept
 * (the generation), so a read racing a logout cannot put the old session back.
 *
 * On a PostgreSQL server several instances share the data and another one's notice would come late:
 * nothing is kept, every `get` loads (one indexed statement a request for the session).
 */
export class SignedInCache {
  private readonly entries = new Map<string, { userId: string; value: unknown }>();
  private generation = 0;

  constructor(readonly keeps: boolean) {}

  /**
   * The value kept under `key` for this user, or `load()`'s (kept unless it is null or undefined;
   * the caller checks anything time-dependent, such as an expiry, on every use). Callers must not
   * change what they get: it is shared.
   */
  async get<T>(key: string, userId: string, load: () => Promise<T>): Promise<T> {
    if (!this.keeps) {
      return load();
    }
    const kept = this.entries.get(key);
    if (kept && kept.userId === userId) {
      return kept.value as T;
    }
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && value !== null && value !== undefined) {
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) {
          this.entries.delete(oldest);
        }
      }
      this.entries.set(key, { userId, value });
    }
    return value;
  }

  /** Drops what is kept for this user, or for everyone with '*'. */
  forget(userId: string): void {
    this.generation += 1;
    if (userId === '*') {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      if (entry.userId === userId) {
        this.entries.delete(key);
      }
    }
  }
}

/** The notices' channel (migration 0038). */
const CHANNEL = 'fics_auth';

/**
 * The cache for this database: keeping, and told of changes, on the embedded one; a pass-through on
 * a server. Resolves to a function that stops listening.
 */
export async function openSignedInCache(
  database: Database,
): Promise<{ cache: SignedInCache; close: () => Promise<void> }> {
  const pglite = database.kind === 'pglite' ? database.pglite : undefined;
  if (!pglite) {
    return { cache: new SignedInCache(false), close: () => Promise.resolve() };
  }
  const cache = new SignedInCache(true);
  // This connection asks the triggers for their notices (a server's connections never do).
  await pglite.exec(`set fics.auth_notices = 'on'`);
  const unlisten = await pglite.listen(CHANNEL, (payload) => cache.forget(payload));
  return {
    cache,
    close: async () => {
      // The database may already be closed when the app is.
      await unlisten().catch(() => undefined);
    },
  };
}
