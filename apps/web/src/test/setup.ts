import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadAllTexts } from '../lib/i18n';
import { preloadToastHost } from '../components/toast';

// Lazy pages are compiled on first import; on a busy machine that can outlast the 1 s default.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // A worker runs many files in one module graph and one window (vitest.config.ts, isolate: false):
  // what a test stubbed (fetch, matchMedia, ResizeObserver) must not reach the files after it.
  vi.unstubAllGlobals();
});

// jsdom does not implement scrolling; the shell scrolls to the top on each path change.
window.scrollTo = () => undefined;
// Nor scrollIntoView, which a form's first error uses (components/error-focus.ts).
Element.prototype.scrollIntoView = () => undefined;

// Screens under test render outside the router's lazy pages: give them the whole catalog up front.
await loadAllTexts();
// Toasts show as soon as they are asked for, as they did when notistack was part of the first load.
await preloadToastHost();
