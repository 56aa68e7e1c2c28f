import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nAlias } from './vite.config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: [i18nAlias] },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // On a loaded machine a test takes several times its time alone. The limit ends a test that hangs.
    testTimeout: 60_000,
  },
});
