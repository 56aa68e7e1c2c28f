import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAllTexts } from './lib/i18n';
import { preloadToastHost } from './components/toast';
import { App } from './app/providers';

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}
// As a transition, the first render yields to the browser every few milliseconds instead of holding
// the main thread for all of it: the page the server painted (web-shell) stays on screen and answers
// meanwhile, and React's output replaces it in one commit.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The other screens' texts and the toasts' host are not part of the first screen, so a first visit
// does not download them (issue 23 point 2: on a phone every kilobyte before the app has started is
// time): they are fetched when the visitor first touches, clicks or types, ahead of what that may
// open. A lazy page or the login dialog opened sooner waits for the texts anyway (lib/i18n.ts
// withAllTexts), and a toast asked for sooner for its host (components/toast.tsx).
const intents = ['pointerdown', 'touchstart', 'keydown'] as const;
const prefetchTheRest = () => {
  for (const intent of intents) {
    window.removeEventListener(intent, prefetchTheRest, true);
  }
  void loadAllTexts();
  void preloadToastHost();
};
for (const intent of intents) {
  window.addEventListener(intent, prefetchTheRest, { capture: true, passive: true });
}
