// The probe and the checks below run in the page: the DOM's types.
/// <reference lib="dom" />
/**
 * The home page on a phone, for real (issue 23 point 2, "usable at once on a phone"): Debian's
 * Chromium (playwright-core) loads `/` of a fresh compiled server with the demo's 12 cards
 * (compiled-server.ts) with Lighthouse's mobile conditions applied through the DevTools protocol
 * instead of simulated: 150 ms round trip, 1.6 Mbps down, 750 kbps up
 * (`Network.emulateNetworkConditions`), the CPU 4x slower (`Emulation.setCPUThrottlingRate`), a
 * 390 × 844 touch screen at 1.75 device pixels per CSS pixel (Lighthouse's), a new browser context
 * (cold cache) each time. Five runs by default; each prints, and so does the median:
 *
 * - paint: the browser's first-contentful-paint.
 * - login: when tapping 'Ingresar' works. A finger taps where the button is drawn every 100 ms from
 *   the moment the page starts loading; the server's painted button is disabled until the page's
 *   entry script makes it work (a tap then starts the app, which opens the login as it mounts), the
 *   app's opens the login dialog. The figure is the first tap either received; the run then waits for
 *   the dialog itself (`role="dialog"`) and prints when it showed ('dialog'): a tap that does not
 *   open it fails the run.
 * - card: when tapping a gallery card opens its fic. Cards have no like button (spec 000 §2: a card
 *   shows the like count, and a tap anywhere on it opens /fics/:id); the card's link covers the card
 *   from the server's first paint on, before and after the app, so the figure is the first check in
 *   which the point a finger taps, the middle of the first card, is inside that link.
 * - JS: the JavaScript a first visit downloads until the app has started ('Ingresar' live) and the
 *   network has been quiet for 2 s, every script response counted (a second load of the run, with no
 *   tap: opening the login loads its own code): gzip level 6 of each body, as bench/web-bundle.bench.ts
 *   counts, and the bytes as sent (the build's brotli files).
 *
 * Needs a build (`npm run build`). Prints the medians against issue 23's goals ('Ingresar' working
 * within 1.2 s, at most 150 kB of JavaScript gzip). `--check` exits 1 when the median JavaScript is
 * over 150 kB, or over `--js-budget-kb=N` when given (.ci/run's ceiling while the goal is not met);
 * the timing is printed, not enforced: it follows the machine's load (printed with each figure:
 * other processes slow the throttled CPU further). WEB_DIST and FICS_SERVER measure another build
 * (compiled-server.ts).
 *
 *   node --import tsx bench/phone.bench.ts [--runs=5] [--check [--js-budget-kb=N]]
 */
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { median, missingBuild, startCompiledServer } from './compiled-server';

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const args = process.argv.slice(2);
const runs = Number(/^--runs=(\d+)$/.exec(args.find((a) => a.startsWith('--runs=')) ?? '')?.[1] ?? 5);
const check = args.includes('--check');
const budgetArg = args.find((a) => a.startsWith('--js-budget-kb='));

/** Issue 23 point 2: the app usable within 1.2 s, at most 150 kB of gzipped JavaScript. */
export const goals = { loginMs: 1200, jsGzipKb: 150 };
/** What --check enforces: the goal, or a ceiling of one's own (`--js-budget-kb=N`, .ci/run's ratchet). */
const jsBudgetKb = budgetArg ? Number(budgetArg.split('=')[1]) : goals.jsGzipKb;

/** Lighthouse's mobile throttling (its `mobileSlow4G` figures), applied by the browser for real. */
const network = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const cpuSlowdown = 4;
const TAP_EVERY_MS = 100;

/** Recorded in the page (performance.now(), ms since navigation started). */
interface PageTimes {
  loginTap?: number;
  dialog?: number;
  cardLive?: number;
}

// Runs in the page before its own scripts: notes the first tap 'Ingresar' gets while it works, the
// painted one once the entry has enabled it or the app's (a disabled button gets no click event), when a dialog first shows, and the first check in which the
// middle of the first card is inside its link (checked every 50 ms).
const probe = () => {
  const times: PageTimes = {};
  (window as unknown as { __phone: PageTimes }).__phone = times;
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('header button');
      if (button && !(button as HTMLButtonElement).disabled && button.textContent?.trim() === 'Ingresar') {
        if (times.loginTap === undefined) {
          times.loginTap = event.timeStamp;
          // Tells the tapping loop without a round trip to a busy page.
          console.debug('phone: login tapped');
        }
      }
    },
    true,
  );
  // Every 50 ms (a headless page may draw no animation frames to hang a check on).
  const timer = setInterval(() => {
    if (times.dialog === undefined && document.querySelector('[role="dialog"]')) {
      times.dialog = performance.now();
    }
    if (times.cardLive === undefined) {
      const card = document.querySelector('#root article');
      if (card) {
        const box = card.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (hit?.closest('a[href^="/fics/"]') && card.contains(hit)) {
          times.cardLive = performance.now();
        }
      }
    }
    if (times.dialog !== undefined && times.cardLive !== undefined) {
      clearInterval(timer);
    }
  }, 50);
};

/** Lighthouse's phone screen: 390 × 844 CSS pixels at 1.75 device pixels each, touch. */
const phoneScreen = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'es-CL',
};

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...phoneScreen });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.addInitScript(probe);
  return page;
}

const firstPaint = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
const pageTimes = (page: Page) => page.evaluate(() => (window as unknown as { __phone: PageTimes }).__phone);

interface RunFigures {
  paintMs: number;
  loginMs: number;
  dialogMs: number;
  cardMs: number;
  jsGzipKb: number;
  jsSentKb: number;
  jsFiles: number;
  load: number;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where 'Ingresar' is drawn on this screen, found once on an unthrottled load: the server paints it
 * and the app draws its own over the same pixels (e2e/home-paint.spec.ts), so a finger can aim
 * there before anything is on the screen, as a person who knows the page does.
 */
async function loginButtonBox(browser: Browser, url: string): Promise<Box> {
  const context = await browser.newContext({ ...phoneScreen });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    const button = page.locator('header button', { hasText: 'Ingresar' }).first();
    // The app replaces the painted button with its own, unthrottled in a moment: a button found
    // just as it is replaced has no box (CI saw it once), and the next one found has the same.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await button.waitFor({ state: 'visible' });
      const box = await button.boundingBox();
      if (box) {
        return box;
      }
    }
    throw new Error("no 'Ingresar' button painted");
  } finally {
    await context.close();
  }
}

/**
 * Taps 'Ingresar' every 100 ms from the moment the page starts loading until the button gets a tap
 * that works. The finger does not wait for anything the browser reports (tapping only once the
 * harness had seen the first paint and asked for the button's place cost a slow phone's main thread
 * several round trips, and counted them against the page); taps before the button is drawn or works
 * hit nothing.
 */
async function timeLogin(browser: Browser, url: string, box: Box) {
  const page = await phonePage(browser);
  try {
    let tapped = false;
    page.on('console', (message) => {
      tapped ||= message.text() === 'phone: login tapped';
    });
    await page.goto(url, { waitUntil: 'commit' });
    const deadline = Date.now() + 30_000;
    while (!tapped) {
      if (Date.now() > deadline) {
        throw new Error("'Ingresar' never answered a tap within 30 s");
      }
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(TAP_EVERY_MS);
    }
    // The finger aimed where the button is: check it still is, on this load.
    const drawn = await page.locator('header button', { hasText: 'Ingresar' }).first().boundingBox();
    if (!drawn || Math.abs(drawn.x - box.x) > 1 || Math.abs(drawn.y - box.y) > 1) {
      throw new Error(`'Ingresar' moved: aimed at ${JSON.stringify(box)}, drawn at ${JSON.stringify(drawn)}`);
    }
    await page.waitForFunction(
      () => (window as unknown as { __phone: PageTimes }).__phone.dialog !== undefined,
      null,
      { polling: 50, timeout: 30_000 },
    );
    await page.waitForFunction(
      () => (window as unknown as { __phone: PageTimes }).__phone.cardLive !== undefined,
      null,
      { polling: 50, timeout: 10_000 },
    );
    const times = await pageTimes(page);
    return {
      paintMs: await firstPaint(page),
      loginMs: times.loginTap!,
      dialogMs: times.dialog!,
      cardMs: times.cardLive!,
    };
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}; so far: ${JSON.stringify(await pageTimes(page).catch(() => null))}`,
    );
  } finally {
    await page.context().close();
  }
}

/** Every script a first visit downloads until the app has started and the network is quiet for 2 s. */
async function countScripts(browser: Browser, url: string) {
  const page = await phonePage(browser);
  try {
    const scripts: Promise<{ gzip: number; sent: number }>[] = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    const settle = () => {
      inFlight -= 1;
      lastActivity = Date.now();
    };
    page.on('request', () => {
      inFlight += 1;
      lastActivity = Date.now();
    });
    page.on('requestfailed', settle);
    page.on('requestfinished', (request: Request) => {
      settle();
      if (request.resourceType() === 'script') {
        scripts.push(
          (async () => {
            const response = await request.response();
            const body = (await response?.body()) ?? Buffer.alloc(0);
            const sizes = await request.sizes();
            return { gzip: gzipSync(body, { level: 6 }).length, sent: sizes.responseBodySize };
          })(),
        );
      }
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForSelector('header button:not([disabled]):has-text("Ingresar")', { timeout: 30_000 });
    const deadline = Date.now() + 30_000;
    while (inFlight > 0 || Date.now() - lastActivity < 2000) {
      if (Date.now() > deadline) {
        throw new Error('the network never went quiet');
      }
      await page.waitForTimeout(100);
    }
    const sizes = await Promise.all(scripts);
    return {
      jsGzipKb: sizes.reduce((sum, s) => sum + s.gzip, 0) / 1024,
      jsSentKb: sizes.reduce((sum, s) => sum + s.sent, 0) / 1024,
      jsFiles: sizes.length,
    };
  } finally {
    await page.context().close();
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const line = (f: RunFigures) =>
  `paint ${s(f.paintMs)}, login ${s(f.loginMs)} (dialog ${s(f.dialogMs)}), card ${s(f.cardMs)}, ` +
  `JS ${f.jsGzipKb.toFixed(1)} kB gzip in ${f.jsFiles} files (${f.jsSentKb.toFixed(1)} kB as sent), ` +
  `load average ${f.load.toFixed(1)}`;

async function main(): Promise<number> {
  const missing = missingBuild();
  if (missing) {
    console.error(missing);
    return 1;
  }
  const server = await startCompiledServer();
  let browser: Browser | undefined;
  try {
    const cards = (server.home.match(/<article class="fx-card">/g) ?? []).length;
    console.log(`Server at ${server.url}; the home paints ${cards} cards.`);
    console.log(
      `Phone: 390 px, CPU ${cpuSlowdown}x slower, ${network.latency} ms RTT, 1.6 Mbps down, 750 kbps up, cold cache.`,
    );
    browser = await chromium.launch({
      executablePath: chromePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const box = await loginButtonBox(browser, `${server.url}/`);
    const figures: RunFigures[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const timing = await timeLogin(browser, `${server.url}/`, box);
      const scripts = await countScripts(browser, `${server.url}/`);
      const one: RunFigures = { ...timing, ...scripts, load: os.loadavg()[0]! };
      figures.push(one);
      console.log(`run ${run}: ${line(one)}`);
    }
    const m = (key: keyof RunFigures) => median(figures.map((f) => f[key]));
    const medians: RunFigures = {
      paintMs: m('paintMs'),
      loginMs: m('loginMs'),
      dialogMs: m('dialogMs'),
      cardMs: m('cardMs'),
      jsGzipKb: m('jsGzipKb'),
      jsSentKb: m('jsSentKb'),
      jsFiles: m('jsFiles'),
      load: m('load'),
    };
    console.log(`median of ${runs}: ${line(medians)}`);
    // Enforced with --check: the JavaScript, which does not depend on the machine's load. The timing
    // follows that load (the 4x slowdown multiplies whatever other processes leave the browser), so
    // it is printed against its goal, not enforced.
    const failures = [
      medians.jsGzipKb > jsBudgetKb && `JavaScript ${medians.jsGzipKb.toFixed(1)} kB gzip > ${jsBudgetKb} kB`,
      cards !== 12 && `the home painted ${cards} cards, not the demo's 12`,
    ].filter((miss): miss is string => typeof miss === 'string');
    const missedGoals = [
      medians.jsGzipKb > goals.jsGzipKb &&
        `JavaScript ${medians.jsGzipKb.toFixed(1)} kB gzip > ${goals.jsGzipKb} kB`,
      medians.loginMs > goals.loginMs && `'Ingresar' works at ${s(medians.loginMs)} > ${s(goals.loginMs)}`,
    ].filter((miss): miss is string => typeof miss === 'string');
    console.log(
      missedGoals.length > 0
        ? `Issue 23's goals missed: ${missedGoals.join('; ')}`
        : `Issue 23's goals met: 'Ingresar' works within ${s(goals.loginMs)}, at most ${goals.jsGzipKb} kB of JavaScript (gzip).`,
    );
    if (failures.length > 0) {
      console.log(`${check ? 'FAIL' : 'over budget'}: ${failures.join('; ')}`);
      return check ? 1 : 0;
    }
    if (check) {
      console.log(`Within budget: at most ${jsBudgetKb} kB of JavaScript (gzip).`);
    }
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(server.output().slice(-4000));
    return 1;
  } finally {
    await browser?.close();
    await server.close();
  }
}

process.exitCode = await main();
