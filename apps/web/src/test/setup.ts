import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAllTexts } from '../lib/i18n';
import { preloadToastHost } from '../components/toast';

// Lazy pages are compiled on first import; on a busy machine that can outlast the 1 s default.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom does not implement scrolling; the shell scrolls to the top on each path change.
window.scrollTo = () => undefined;
// Nor scrollIntoView, which a form's first error uses (components/error-focus.ts).
Element.prototype.scrollIntoView = () => undefined;

// Screens under test render outside the router's lazy pages: give them the whole catalog up front.
await loadAllTexts();
// Toasts show as soon as they are asked for, as they did when notistack was part of the first load.
await preloadToastHost();
