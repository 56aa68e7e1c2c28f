import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Only the libraries every page needs get their own long-cached chunks; everything else
// (forms, zod, page-specific MUI components) is split along the lazy routes so the home stays small.
const coreGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](@tanstack|i18next|react-i18next|notistack)[\\/]/ },
  // Validation and forms: only lazy pages and the login dialog use them, so this chunk loads on demand.
  {
    name: 'forms',
    test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|packages[\\/]contracts[\\/]/,
  },
];

export default defineConfig({
  plugins: [react()],
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
});
