/**
 * The page's entry. On `/` the server has painted the home already (header, heading, the first page
 * of cards: apps/api/src/modules/web-shell); the app (`main.tsx`: React and the first screen's code)
 * is fetched and started once that paint is on the screen, so a slow phone shows the fics first and
 * spends its time on the scripts after, instead of holding a blank page while it evaluates them.
 * Links on the painted cards work meanwhile; React replaces the page without moving it.
 *
 * The painted 'Ingresar' works meanwhile too (issue 23 point 2: a phone spends a second or two
 * fetching and starting the app, and a tap must not be lost): the server draws it with an inline
 * script of its own right after it (apps/api/src/modules/web-shell/home.ts PAINTED_LOGIN_SCRIPT),
 * which enables it as soon as it is parsed and notes a tap on the page (a mark on `<html>`,
 * EARLY_LOGIN_ATTRIBUTE of contracts' shell-texts). This script, which runs only once the page is
 * parsed, starts the app and the login's code at once when a tap came first, and on every later
 * tap; the app's LoginDialogProvider opens the login when it mounts and finds the mark.
 *
 * "On the screen" is the browser's own first-contentful-paint entry; where the browser does not
 * report paints, the task after the next frame. Pages the server does not paint (an empty `#root`)
 * and tabs opened in the background (which draw nothing until shown) start at once, and nothing
 * waits longer than START_AT_LATEST_MS.
 */
import { EARLY_LOGIN_ATTRIBUTE } from '@fics/contracts/shell-texts';

const START_AT_LATEST_MS = 3000;
const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';

let started = false;
const start = () => {
  if (!started) {
    started = true;
    void import('./main');
  }
};

function startAfterFirstPaint() {
  setTimeout(start, START_AT_LATEST_MS);
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    // A requestAnimationFrame callback runs just before a frame is drawn; a task queued from it, after.
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) {
      observer.disconnect();
      start();
    }
  });
  // buffered: a paint reported before this script ran counts too.
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * The login's own code (its dialog with the forms and validation, and the rest of the texts, which
 * every dialog waits for: lib/i18n.ts withAllTexts), asked for beside the app's when the painted
 * 'Ingresar' is tapped, instead of once the app has mounted and opened the dialog: on a phone those
 * were two downloads in a row. The same modules the app imports (LoginDialogProvider, i18n), so
 * each is fetched and run once.
 */
const loadLogin = () =>
  Promise.all([import('./features/auth/components/LoginDialog'), import('./locales/es-lazy')]);

/**
 * The server's 'Ingresar' (web-shell home.ts `.fx-login`): its inline script may have enabled it
 * and taken a tap already; enabled here too (and marked on a tap) in case that script did not run.
 */
function enablePaintedLogin(button: HTMLButtonElement) {
  const wantLogin = () => {
    document.documentElement.setAttribute(EARLY_LOGIN_ATTRIBUTE, '');
    button.setAttribute('aria-busy', 'true');
    start();
    void loadLogin().catch(() => undefined);
  };
  const onPress = (event: MouseEvent) => {
    if (event.button === 0) {
      wantLogin(); // not a right or middle press
    }
  };
  // The press, not only the click: a tap pressed here and released once React has replaced the
  // button is no click on either (home.ts PAINTED_LOGIN_SCRIPT says the same). Keys still click.
  button.addEventListener('pointerdown', onPress);
  button.addEventListener('click', onPress);
  button.disabled = false;
  if (document.documentElement.hasAttribute(EARLY_LOGIN_ATTRIBUTE)) {
    wantLogin();
  }
}

const painted = document.getElementById('root')?.firstElementChild;
const paintedLogin = document.querySelector<HTMLButtonElement>('#root header button.fx-login');
if (paintedLogin) {
  enablePaintedLogin(paintedLogin);
}
if (painted && document.visibilityState === 'visible') {
  startAfterFirstPaint();
} else {
  start();
}

// A module (the test imports it), with nothing to export.
export {};
