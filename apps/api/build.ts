// Compiles the server for `npm start` (issue 11): src/server.ts and src/db/migrate-cli.ts become
// dist/server.js and dist/migrate-cli.js, plain JavaScript that Node runs without a TypeScript
// compiler. The workspace's own packages (@fics/contracts) are bundled in; every npm dependency stays
// an import of node_modules. Files the code reads beside itself are copied next to the bundles: the
// SQL migrations (db/client.ts) and the common-passwords list (lib/password-policy.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const external = [
  ...Object.keys(manifest.dependencies ?? {}),
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
