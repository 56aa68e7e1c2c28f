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
    // In CI these run side by side with the API suite on PostgreSQL (.ci/run), two workers each on
    // two cores: a test takes about twice its time alone. The limit ends a test that hangs.
    testTimeout: 60_000,
  },
});
