// @ts-check
/**
 * `npm start`: builds what changed since the last build (build-state.mjs), then runs the compiled
 * server (apps/api/dist/server.js, as `npm run start -w @fics/api` does) in this same process, with
 * source maps on: no second npm, no second Node.js to boot before the server starts its own work.
 *
 * The API is built first (the server is its output); the web app's build, when it is stale, runs
 * while the server opens and prepares its database (on a fresh clone: creates, migrates and seeds
 * it), and the server builds its app and listens once that build is written (server.ts, `webBuild`).
 * Starting both builds at once was slower: on two cores the API's build then waited for Vite's.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiTarget, buildIfStale, repoRoot, webTarget } from './build-state.mjs';

await buildIfStale(apiTarget);
const webBuild = buildIfStale(webTarget);
// Settled by startServer; until then a failure must not count as unhandled.
webBuild.catch(() => undefined);
// What `node --enable-source-maps` does: stack traces in the logs point at the TypeScript sources.
process.setSourceMapsEnabled(true);
/** @type {{ startServer: (options: { webBuild: Promise<unknown> }) => Promise<void> }} */
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- compiled JavaScript, no types: the shape is server.ts's
const server = await import(pathToFileURL(path.join(repoRoot, 'apps/api/dist/server.js')).href);
await server.startServer({ webBuild });
