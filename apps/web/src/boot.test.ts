import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const app = { starts: 0, loginLoads: 0 };

/**
 * Runs boot.ts as the page's entry does, on the document as each test leaves it. The app itself is
 * not started: importing it is what boot.ts does, and what is counted.
 */
async function boot() {
  vi.resetModules();
  vi.doMock('./main', () => {
    app.starts += 1;
    return {};
  });
  vi.doMock('./features/auth/components/LoginDialog', () => {
    app.loginLoads += 1;
    return {};
  });
  await import('./boot');
  await vi.dynamicImportSettled();
}

async function settle() {
  await vi.dynamicImportSettled();
}

/** The browser's paint observer, reporting when the test says the page was painted. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static current: FakePaintObserver | undefined;
  observed: PerformanceObserverInit | undefined;
  disconnected = false;

  constructor(private readonly callback: (entries: { getEntriesByName(name: string): unknown[] }) => void) {
    FakePaintObserver.current = this;
  }

  observe(options: PerformanceObserverInit) {
    this.observed = options;
  }

  disconnect() {
    this.disconnected = true;
  }

  report(...names: string[]) {
    this.callback({ getEntriesByName: (name) => names.filter((n) => n === name).map((n) => ({ name: n })) });
  }
}

const paintedPage = '<div id="root"><div class="fx-app"><ul><li>fic</li></ul></div></div>';

describe('boot.ts: when the app starts', () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    app.starts = 0;
    app.loginLoads = 0;
    frames = [];
    FakePaintObserver.current = undefined;
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-login-wanted');
  });

  it('on a page the server painted, once the browser reports its first contentful paint', async () => {
    document.body.innerHTML = paintedPage;
    await boot();
    const observer = FakePaintObserver.current!;
    expect(observer.observed).toEqual({ type: 'paint', buffered: true });
    expect(app.starts).toBe(0);

    // A first paint with no content yet does not count.
    observer.report('first-paint');
    await settle();
    expect(app.starts).toBe(0);

    observer.report('first-paint', 'first-contentful-paint');
    await settle();
    expect(app.starts).toBe(1);
    expect(observer.disconnected).toBe(true);

    // Once: the safety timer that follows starts nothing more.
    await vi.runAllTimersAsync();
    await settle();
    expect(app.starts).toBe(1);
    // The login's code waits for a tap on 'Ingresar'.
    expect(app.loginLoads).toBe(0);
  });

  it('after 3 s at the latest when no paint is reported', async () => {
    document.body.innerHTML = paintedPage;
    await boot();
    await vi.advanceTimersByTimeAsync(2999);
    await settle();
    expect(app.starts).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(app.starts).toBe(1);
  });

  it('where the browser reports no paints, in the task after the next frame', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    document.body.innerHTML = paintedPage;
    await boot();
    expect(app.starts).toBe(0);
    expect(frames).toHaveLength(1);

    // The frame's callback runs before the frame is drawn: still not started.
    frames[0]!(performance.now());
    await settle();
    expect(app.starts).toBe(0);

    await vi.advanceTimersByTimeAsync(0);
    await settle();
    expect(app.starts).toBe(1);
  });

  it('at once on a page the server did not paint (an empty #root)', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await boot();
    expect(app.starts).toBe(1);
    expect(FakePaintObserver.current).toBeUndefined();
  });

  it('at once in a tab opened in the background, where nothing is drawn', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.body.innerHTML = paintedPage;
    await boot();
    expect(app.starts).toBe(1);
    expect(FakePaintObserver.current).toBeUndefined();
  });

  it("enables the painted 'Ingresar': a tap starts the app at once and marks the login as wanted", async () => {
    document.body.innerHTML =
      '<div id="root"><div class="fx-app"><header class="fx-bar"><button type="button" class="fx-login" disabled>Ingresar</button></header></div></div>';
    await boot();
    const button = document.querySelector<HTMLButtonElement>('.fx-login')!;
    expect(button.disabled).toBe(false);
    expect(app.starts).toBe(0);
    expect(app.loginLoads).toBe(0);
    expect(document.documentElement.hasAttribute('data-login-wanted')).toBe(false);

    // Before the first paint is reported: the tap does not wait for it, and the login's code is
    // asked for with the app's.
    button.click();
    await settle();
    expect(app.starts).toBe(1);
    expect(app.loginLoads).toBe(1);
    expect(document.documentElement.hasAttribute('data-login-wanted')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');

    // A second tap, or the paint, starts nothing more.
    button.click();
    FakePaintObserver.current!.report('first-contentful-paint');
    await settle();
    expect(app.starts).toBe(1);
  });

  it("counts the press on the painted 'Ingresar', not only the click, and not a right press", async () => {
    // React replaces the painted page in one commit: a tap pressed on the painted button and released
    // on React's is no click on either, and must not be lost.
    document.body.innerHTML =
      '<div id="root"><div class="fx-app"><header class="fx-bar"><button type="button" class="fx-login" disabled>Ingresar</button></header></div></div>';
    await boot();
    const button = document.querySelector<HTMLButtonElement>('.fx-login')!;
    button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 2 }));
    await settle();
    expect(app.starts).toBe(0);
    expect(document.documentElement.hasAttribute('data-login-wanted')).toBe(false);

    button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 0 }));
    await settle();
    expect(app.starts).toBe(1);
    expect(app.loginLoads).toBe(1);
    expect(document.documentElement.hasAttribute('data-login-wanted')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it("starts the app and the login's code at once when the painted page's own script took a tap first", async () => {
    // What web-shell home.ts's inline script leaves when 'Ingresar' is tapped before this script runs.
    document.body.innerHTML =
      '<div id="root"><div class="fx-app"><header class="fx-bar"><button type="button" class="fx-login" aria-busy="true">Ingresar</button></header></div></div>';
    document.documentElement.setAttribute('data-login-wanted', '');
    await boot();
    // Without waiting for the first paint.
    expect(app.starts).toBe(1);
    expect(app.loginLoads).toBe(1);
    expect(document.documentElement.hasAttribute('data-login-wanted')).toBe(true);
  });

  it('leaves the other painted buttons disabled (they wait for the app)', async () => {
    document.body.innerHTML =
      '<div id="root"><div class="fx-app"><header class="fx-bar"><button type="button" class="fx-icon" disabled>f</button></header></div></div>';
    await boot();
    expect(document.querySelector<HTMLButtonElement>('.fx-icon')!.disabled).toBe(true);
  });
});
