/**
 * Home page weight: the JavaScript and CSS a first visit to `/` downloads (the entry script, what
 * index.html links and the app the entry starts: first-visit.ts), gzip-compressed as the server
 * sends it, against a budget and against the whole build. Also checks that the heavy, lazy libraries (spreadsheets, image crop,
 * phone input) stay out of it. Needs a build (`npm run build`); exits non-zero over budget.
 * bench/phone.bench.ts counts the same first visit as a throttled browser downloads it (every script
 * until the app is idle: the same seven files since the rest of the texts and the toasts' host wait
 * for the visitor's first touch), against issue 23's 150 kB goal.
 *
 *   node --import tsx bench/web-bundle.bench.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstVisitFiles } from './first-visit';

/**
 * Gzipped bytes a phone downloads for the home page's code (React, MUI, router, query, the first
 * screen's texts): issue 23 point 2's 150 kB, the figure bench/phone.bench.ts checks too (issue 9
 * had set 170 kB). docs/decisions/home-performance.md has the figures.
 */
const HOME_BUDGET_GZIP = 150 * 1024;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const indexFile = path.join(dist, 'index.html');
if (!fs.existsSync(indexFile)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

const homeFiles = firstVisitFiles(dist);

const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 6 }).length;
const raw = (file: string) => fs.statSync(path.join(dist, file)).size;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const allAssets = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => `assets/${f}`);

const homeRaw = homeFiles.reduce((sum, f) => sum + raw(f), 0);
const homeGzip = homeFiles.reduce((sum, f) => sum + gz(f), 0);
const totalGzip = allAssets.reduce((sum, f) => sum + gz(f), 0);

console.log('Home page (/) code downloaded on first visit:');
for (const file of homeFiles) {
  console.log(`  ${file.padEnd(40)} ${kb(raw(file)).padStart(10)} raw ${kb(gz(file)).padStart(10)} gzip`);
}
console.log(`  total: ${kb(homeRaw)} raw, ${kb(homeGzip)} gzip`);
// What the server sends a browser that takes brotli: the .br files the build writes (vite.config.ts).
const brotli = (file: string) => {
  const br = path.join(dist, `${file}.br`);
  return fs.existsSync(br) ? fs.statSync(br).size : gz(file);
};
console.log(
  `  as sent to a browser taking brotli (the build's .br files): ${kb(homeFiles.reduce((sum, f) => sum + brotli(f), 0))}`,
);
console.log(`Whole build: ${allAssets.length} files, ${kb(totalGzip)} gzip`);
console.log(`Ratio home / whole build (gzip): ${(homeGzip / totalGzip).toFixed(2)}`);
console.log(`Ratio home / budget ${kb(HOME_BUDGET_GZIP)}: ${(homeGzip / HOME_BUDGET_GZIP).toFixed(2)}`);

// Markers of the lazy libraries: none may appear in what the home page loads.
const heavy: Record<string, RegExp> = {
  'SheetJS (@e965/xlsx)': /SheetJS|\bXLSX\b/,
  'react-easy-crop': /reactEasyCrop|react-easy-crop/,
  'react-phone-number-input': /PhoneInputCountry|libphonenumber/i,
  'Quill (fic editor)': /quill-delta|ql-editor|Quill\.register/,
  'Leaflet (send dialog map)': /leaflet-container|L\.Map\b|leaflet-pane/,
  'Evaluation drawer and rubric grid': /evaluations\.rubricReplaceHelp|rubricGrid\.cellLabel/,
  // What only some pages use stays out: validation (zod, forms), the other screens' texts, i18next.
  'zod / react-hook-form': /ZodError|\$ZodType|useFormContext|FormProvider/,
  "Other screens' texts (locales/es-lazy.ts)": /Sobre tí|Agregar alumnos|Actividad Reciente/,
  'i18next (replaced by lib/i18n.ts)': /i18next: |i18nextify|pluralResolver/,
  'notistack (loads with the first toast)': /notistack-SnackbarContainer/,
  // Only the forms that set a password load it (components/password-strength.ts).
  // vite.config.ts keeps only MUI's plain theme (createThemeNoVars, ThemeProviderNoVars).
  "MUI's CSS-variables theme (CssVarsProvider, color-scheme script)": /colorSchemeSelector|mui-color-scheme/,
  'zxcvbn-ts and its dictionaries (password strength)':
    /l33tMaxSubstitutions|passwords-common|commonWords-es-es/,
};
let leaked = false;
for (const [name, marker] of Object.entries(heavy)) {
  const where = homeFiles.filter(
    (f) => f.endsWith('.js') && marker.test(fs.readFileSync(path.join(dist, f), 'utf8')),
  );
  if (where.length > 0) {
    leaked = true;
    console.log(`FAIL: ${name} is in the home page's code (${where.join(', ')})`);
  }
}

if (homeGzip > HOME_BUDGET_GZIP) {
  console.log(`FAIL: the home page's code is over budget by ${kb(homeGzip - HOME_BUDGET_GZIP)}`);
}
process.exitCode = leaked || homeGzip > HOME_BUDGET_GZIP ? 1 : 0;
