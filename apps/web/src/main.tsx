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

// The other screens' texts and the toasts' host: fetched once the first screen has loaded (its image
// included), so they never compete with it; a lazy page opened sooner waits for the texts
// (lib/i18n.ts withAllTexts), a toast asked for sooner for its host.
const afterLoad = () => {
  void loadAllTexts();
  void preloadToastHost();
};
if (document.readyState === 'complete') {
  // Already loaded (boot.ts starts the app after the first paint): in a task of its own, not inside
  // the one that evaluates the app's modules.
  setTimeout(afterLoad, 0);
} else {
  window.addEventListener('load', afterLoad, { once: true });
}
