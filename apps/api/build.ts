// Compiles the server for `npm start` (issue 11): src/server.ts and src/db/migrate-cli.ts become
// dist/server.js and dist/migrate-cli.js, plain JavaScript that Node runs without a TypeScript
// compiler. Files the code reads beside itself are copied next to the bundles: the SQL migrations
// (db/client.ts) and the common-passwords list (lib/password-policy.ts).
//
// The npm dependencies are bundled in too, except those listed in `external` (issue 23 point 3,
// "start in seconds"): Node's ES module loader resolved, read, compiled and linked each of the
// thousand-odd files of drizzle-orm, zod, fastify and the rest one by one, about 0.7 s of every
// start on this 2-core machine; one file takes about half of that. Bundled CommonJS packages call
// `require` for Node's built-ins, which an ES module lacks: the banner gives them one.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  devDependencies?: Record<string, string>;
};
/** Loaded from node_modules at run time, not bundled. */
const external = [
  // Files read beside their own code: the WebAssembly Postgres and its data, native addons,
  // swagger-ui's page assets. (@fastify/swagger reads its own package.json for default titles, and
  // does without when it cannot: app.ts gives the OpenAPI page its title and version.)
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  '@fastify/swagger-ui',
  // Loaded on first use (lib/lazy-require.ts, media/images.ts): bundled they would be parsed at
  // every start for nothing.
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-es-es',
  'sanitize-html',
  'htmlparser2',
  'libphonenumber-js',
  'file-type',
  'nodemailer',
  'ioredis',
  '@e965/xlsx',
  'date-holidays',
  // Fastify's default validator and serializer (ajv, fast-json-stringify), never loaded: every route
  // uses zod's (app.ts). And pg's optional native binding, which it tries and does without.
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'pg-native',
  // The test and build tools.
  ...Object.keys(manifest.devDependencies ?? {}),
];

const started = performance.now();
fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { server: 'src/server.ts', 'migrate-cli': 'src/db/migrate-cli.ts' },
  absWorkingDir: root,
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // Whitespace and syntax only (names stay, for logs and stack traces): a quarter less for V8 to parse
  // at each start (4.0 to 3.0 MB).
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  // Stack traces in the logs point at the TypeScript sources.
  sourcesContent: false,
  logLevel: 'warning',
});
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
fs.copyFileSync(path.join(root, 'src/lib/common-passwords.txt'), path.join(dist, 'common-passwords.txt'));
console.log(
  `API compilada en ${path.relative(process.cwd(), dist)} (${Math.round(performance.now() - started)} ms)`,
);
