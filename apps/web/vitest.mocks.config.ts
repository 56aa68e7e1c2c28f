import { defineProject, mergeConfig } from 'vitest/config';
import { webFilesWithModuleMocks, webProject } from './vitest.config';

/** The web tests that mock a module, each file in a fresh module graph (see vitest.config.ts). */
export default mergeConfig(
  { ...webProject, test: { ...webProject.test, include: [], exclude: [] } },
  defineProject({ test: { name: 'web (isolated)', include: webFilesWithModuleMocks, isolate: true } }),
);
