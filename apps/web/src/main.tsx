import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAllTexts } from './lib/i18n';
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

// The other screens' texts: fetched once the first screen has loaded (its image included), so they
// never compete with it; a lazy page opened sooner waits for them (lib/i18n.ts withAllTexts).
if (document.readyState === 'complete') {
  void loadAllTexts();
} else {
  window.addEventListener('load', () => void loadAllTexts(), { once: true });
}
