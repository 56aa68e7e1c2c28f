import { test, expect } from './fixtures';

test('the API documentation page runs under our CSP and can call the API', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(String(error)));

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: /Fics API/ })).toBeVisible();

  // "Try it out" on GET /api/v1/health runs a real request from the page.
  const health = page.locator('.opblock-get', { hasText: '/api/v1/health' });
  await health.locator('.opblock-summary').click();
  await health.getByRole('button', { name: 'Try it out' }).click();
  await health.getByRole('button', { name: 'Execute' }).click();
  await expect(health.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await expect(health.locator('.live-responses-table')).toContainText('"status": "ok"');

  expect(problems).toEqual([]);
});
