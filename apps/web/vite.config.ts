import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig } from 'vite';
import type { ChunkingContext, OutputBundle } from 'rolldown';
import react from '@vitejs/plugin-react';

/** The screens' 'react-i18next': the app's own small engine (src/lib/i18n.ts says why). */
export const i18nAlias = {
  find: /^react-i18next$/,
  replacement: fileURLToPath(new URL('./src/lib/react-i18next-lite.ts', import.meta.url)),
};

// react-router's package exports only its development build (dev warnings on); its production
// build sits beside it. Builds use that one.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
let shellModules: Set<string> | undefined;

/** The modules main.tsx imports, directly or not, statically: what the first screen loads. */
function shellModulesOf(ctx: ChunkingContext): Set<string> {
  if (!shellModules) {
    shellModules = new Set();
    const queue = [entry];
    while (queue.length > 0) {
      const id = queue.pop()!;
      for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) {
        if (!shellModules.has(imported)) {
          shellModules.add(imported);
          queue.push(imported);
        }
      }
    }
  }
  return shellModules;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * What a phone waits for on its first visit and its first tap: the entry (boot.ts), its dynamic
 * imports (the app, main.tsx, and the login's code) and every chunk and style sheet those import
 * statically (bench/first-visit.ts reads the same set from the manifest, without the login's code).
 * The `precompress` plugin brotli's these at quality 11 and every other file (the lazy pages, the
 * editor, the password estimator's dictionaries) at quality 5, both in libuv's thread pool: quality
 * 11 took 11 s of CPU over the whole build (8.7 s of its 12.4 s on this 2-core machine, paid by every
 * fresh `npm start`), and 1.1 s of it on these files; on the rest it saves 8 % of their bytes (1,349
 * against 1,464 kB for the whole build at quality 5), fetched once per version on a later page.
 */
function firstInteractionFiles(bundle: OutputBundle): Set<string> {
  const files = new Set<string>();
  const add = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) {
      return;
    }
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      files.add(css);
    }
    chunk.imports.forEach(add);
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type === 'chunk' && chunk.isEntry) {
      add(chunk.fileName);
      chunk.dynamicImports.forEach(add);
    }
  }
  return files;
}

/** The chunks every visit has loaded before any lazy import runs (named by `coreGroups` below). */
const firstScreenChunk = /(^|\/)(react|shell|data|rolldown-runtime|preload-helper)-[\w-]+\.js$/;
/** The app's chunk (main.tsx), which boot.ts imports once the page is painted. */
const appChunk = /(^|\/)main-[\w-]+\.js$/;

const webSrc = fileURLToPath(new URL('./src/', import.meta.url));
const shellChunk = (id: string, ctx: ChunkingContext) =>
  id !== entry && id.startsWith(webSrc) && shellModulesOf(ctx).has(id) ? 'shell' : null;

// Only the libraries every page needs get their own long-cached chunks; everything else
// (forms, zod, page-specific MUI components) is split along the lazy routes so the home stays small.
const coreGroups = [
  // Vite's helper for dynamic imports, which boot.ts uses too: in a file of its own, so the page's
  // entry does not import the shell chunk for it.
  { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](@tanstack)[\\/]/ },
  // Everything else the first screen runs, in one file (one gzip stream compresses about 4 kB better
  // than the dozen small shared chunks it was cut into); lazy pages import from it too.
  { name: shellChunk },
  // Validation and forms: only lazy pages and the login dialog use them, so this chunk loads on demand.
  // Not the password strength estimator (contracts/password-strength.ts, password-estimator.ts and the
  // dictionaries): only the forms that set a password load it, with import()
  // (components/password-strength.ts). Nor the first screen's texts (contracts/shell-texts.ts, no zod), which the home's catalog reads.
  {
    name: 'forms',
    test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|packages[\\/]contracts[\\/](?!src[\\/](?:password-strength|password-estimator|shell-texts))/,
  },
];

/**
 * MUI's `createTheme` and `ThemeProvider` each carry both of MUI's theme kinds: the plain one the app
 * uses (app/theme.ts passes neither `cssVariables` nor `colorSchemes`) and the CSS-variables one
 * (createThemeWithVars, CssVarsProvider, the color-scheme script), chosen at run time, so the bundler
 * keeps both. For exactly such themes `createTheme` returns `createThemeNoVars(options, ...args)` and
 * `ThemeProvider` renders `ThemeProviderNoVars` with `vars: null`: these two modules are replaced by
 * those branches alone (about 5 kB gzip off the first screen, issue 23 point 2). app/theme.test.ts
 * proves the app's theme takes that branch, so the replacement changes nothing it renders.
 */
const muiStyles = /[\\/]@mui[\\/]material[\\/]styles[\\/]/;
const muiPlainTheme: Record<string, string> = {
  'createTheme.mjs': `export { default } from './createThemeNoVars.mjs';`,
  'ThemeProvider.mjs': `'use client';
import * as React from 'react';
import ThemeProviderNoVars from './ThemeProviderNoVars.mjs';
import THEME_ID from './identifier.mjs';
import { jsx } from 'react/jsx-runtime';
export default function ThemeProvider({ theme, ...props }) {
  const plainTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) throw new Error('vite.config.ts: this build has no CSS-variables themes');
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return jsx(ThemeProviderNoVars, { theme: plainTheme, ...props });
}`,
};
const muiWithoutCssVariables = {
  name: 'mui-without-css-variables',
  apply: 'build' as const,
  load(id: string) {
    if (!muiStyles.test(id)) {
      return null;
    }
    return muiPlainTheme[path.basename(id)] ?? null;
  },
};

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // Each script, style sheet and icon also written brotli'd and gzipped (level 9) beside itself,
    // once, at build time: the server sends those (@fastify/static preCompressed) instead of
    // compressing on every request at a lower quality (brotli 4). `firstInteractionFiles` above says
    // which files get which brotli quality.
    {
      name: 'precompress',
      apply: 'build',
      async writeBundle(options, bundle) {
        const dir = options.dir ?? 'dist';
        const critical = firstInteractionFiles(bundle);
        const files = [...Object.keys(bundle), 'favicon.svg'].filter((file) => /\.(js|css|svg)$/.test(file));
        await Promise.all(
          files.map(async (file) => {
            const data = await fs.readFile(path.join(dir, file)).catch(() => null);
            if (!data || data.length < 1024) {
              return;
            }
            const [brotli, gzip] = await Promise.all([
              brotliAsync(data, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: critical.has(file) ? 11 : 5,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gzipAsync(data, { level: 9 }),
            ]);
            await fs.writeFile(path.join(dir, `${file}.br`), brotli);
            await fs.writeFile(path.join(dir, `${file}.gz`), gzip);
          }),
        );
      },
    },
    // react-router's one big module defines every component with a bare forwardRef/createContext call
    // and a displayName assignment, which the bundler must keep as side effects: marked pure and
    // dropped, the ones the app never uses (NavLink, Form, ScrollRestoration...) go (1.7 kB gzip).
    {
      name: 'react-router-pure',
      transform(code, id) {
        if (!/react-router[\\/]dist[\\/]production[\\/]chunk-/.test(id)) {
          return null;
        }
        return code
          .replace(/^[A-Za-z0-9_$]+\.displayName = "[^"]*";$/gm, '')
          .replace(/= (React\d*\.(?:forwardRef|memo|createContext)\()/g, '= /* @__PURE__ */ $1');
      },
    },
    muiWithoutCssVariables,
  ],
  resolve: {
    alias: [
      i18nAlias,
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and dynamic import loads. The JavaScript
    // budget (bench/web-bundle.bench.ts) and the Lighthouse script read the first visit's files from
    // it: boot.ts and the app it imports once the page is painted.
    manifest: true,
    // A lazy page's import lists the chunks to preload with it; those the first screen has already
    // run (React, the shell, the data layer, the runtime) are always there, so naming them in every
    // list only made the shell's table of chunk names longer (about 120 bytes gzip per ten routes).
    // Two lists keep every chunk, each saving a phone round trips (150 ms each on its network):
    // index.html's, so the entry's one import (Vite's dynamic-import helper) is fetched beside the
    // entry instead of after it and boot.ts runs sooner (the painted 'Ingresar' works from then on);
    // and the app's own (boot.ts's import of main.tsx), so React, the shell and the data layer are
    // asked for together with main.tsx's chunk, not once it has arrived and then once they have.
    modulePreload: {
      // No polyfill in the entry (0.3 kB gzip): every browser the app supports has modulepreload
      // (Safari 17, Firefox 115); an older one only loses the head start, the imports still work.
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html' || appChunk.test(file) ? deps : deps.filter((dep) => !firstScreenChunk.test(dep)),
    },
    rolldownOptions: {
      output: { codeSplitting: { groups: coreGroups } },
    },
  },
}));
