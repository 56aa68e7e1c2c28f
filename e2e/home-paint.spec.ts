import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { waitForApp } from './support/social';

/**
 * Issue 9 point 8: the home is painted by the server's HTML and CSS, the app's code (boot.ts's one
 * dynamic import, the `main-*.js` chunk) is asked for only once that paint is on screen, and React
 * then takes the page over without moving anything (layout shift under 0.05). Lighthouse's own
 * figures are bench/lighthouse.ts; this checks the mechanism in a real browser at phone and desktop
 * widths.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the first cards' titles, covers and the gallery's heading are, rounded to the pixel. */
async function layout(page: Page, titles: string[]): Promise<Record<string, Box>> {
  const boxes: Record<string, Box> = {};
  const round = (box: Box | null): Box => {
    if (!box) {
      throw new Error('element not laid out');
    }
    return {
      x: Math.round(box.x),
      y: Math.round(box.y),
      width: Math.round(box.width),
      height: Math.round(box.height),
    };
  };
  for (const title of titles) {
    boxes[`title ${title}`] = round(await page.getByRole('link', { name: title, exact: true }).boundingBox());
    boxes[`cover ${title}`] = round(await page.getByRole('img', { name: title, exact: true }).boundingBox());
  }
  return boxes;
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`${viewport.name}: the server paints the cards before the app's code is asked for, and the app takes over without a shift`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) {
            w.layoutShift += entry.value;
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });

    // The app's code is held back: until it is let through, the page is the server's HTML alone.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });

    await page.goto('/');
    const painted = page.locator('#root .fx-app');
    await expect(painted.locator('article.fx-card')).toHaveCount(12);
    await expect.poll(() => asked, { timeout: 15_000 }).toBe(true);

    // Without the app, each card is already a link to its fic, and the header is there.
    const titles = await painted.locator('.fx-title a').allTextContents();
    expect(titles).toHaveLength(12);
    const firstThree = titles.slice(0, 3);
    await expect(page.getByRole('link', { name: firstThree[0], exact: true })).toHaveAttribute(
      'href',
      /^\/fics\/[0-9a-f-]+$/,
    );
    await expect(painted.getByRole('link', { name: 'Fics', exact: true })).toBeVisible();
    const before = await layout(page, firstThree);

    release();
    await waitForApp(page);
    const list = page.getByRole('list', { name: 'Fics', exact: true });
    await expect(list.getByRole('listitem')).toHaveCount(12);
    await expect(page.getByRole('button', { name: 'Ver más' })).toBeVisible();
    // The first paint came before the app's code was asked for (boot.ts waits for a frame).
    const order = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      appAsked: performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/main-[\w-]+\.js$/.test(entry.name))?.startTime,
    }));
    expect(order.appAsked).toBeGreaterThan(order.firstPaint);
    // React drew the same cards in the same order, at the same places.
    expect(await list.getByRole('heading').allTextContents()).toEqual(titles);
    expect(await layout(page, firstThree)).toEqual(before);
    expect(
      await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
    ).toBeLessThan(0.05);
  });
}
