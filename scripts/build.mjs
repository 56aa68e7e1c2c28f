// @ts-check
/**
 * `npm run build`: builds the web app (apps/web/dist) and the API (apps/api/dist), each only when an
 * input changed since its last successful build (build-state.mjs says how that is decided).
 * `npm run build -- --force` builds both whatever their state.
 */
import { buildAll } from './build-state.mjs';

await buildAll({ force: process.argv.includes('--force') });
