// @ts-check
/**
 * `npm start`: builds what changed since the last build (build-state.mjs), then runs the compiled
 * server (apps/api/dist/server.js, as `npm run start -w @fics/api` does) in this same process, with
 * source maps on: no second npm, no second Node.js to boot before the server starts its own work.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, repoRoot } from './build-state.mjs';

await buildAll();
// What `node --enable-source-maps` does: stack traces in the logs point at the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(repoRoot, 'apps/api/dist/server.js')).href);
