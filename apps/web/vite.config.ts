import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// react-router's package exports only its development build (dev warnings on); its production
// build sits beside it. Builds use that one.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// Only the libraries every page needs get their own long-cached chunks; everything else
// (forms, zod, page-specific MUI components) is split along the lazy routes so the home stays small.
const coreGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](@tanstack|i18next|react-i18next)[\\/]/ },
  // Validation and forms: only lazy pages and the login dialog use them, so this chunk loads on demand.
  {
    name: 'forms',
    test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|packages[\\/]contracts[\\/]/,
  },
];

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: coreGroups } },
    },
  },
}));
