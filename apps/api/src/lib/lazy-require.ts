import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use instead of when the server starts (issue 23.3, "start
 * in seconds"): sharp, date-holidays, xlsx, nodemailer and ioredis serve uploads, deadlines,
 * spreadsheets, SMTP and Redis only, and loading them at start was about a quarter of a second of
 * every `npm start`. Synchronous, so the code that calls it stays as it was; the type is the
 * package's own (`typeof import('name')`). Node caches the module: later calls cost a property read.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}
