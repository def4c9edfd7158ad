import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures.ts';

/** Every Content-Security-Policy violation the page reports, from the console and from the DOM event. */
function collectViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test('the dashboard renders every page under its Content-Security-Policy with no violation', async ({ page }) => {
  const violations = collectViolations(page);
  await signIn(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  for (const name of ['Sessions', 'Visitors', 'Alerts', 'Webhooks', 'Settings']) {
    const link = nav.getByRole('link', { name });
    if ((await link.count()) === 0) continue;
    await link.click();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await page.goto('/sessions');
  await page.getByRole('row').nth(1).click();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('the API reference at /docs renders under its own policy with no violation', async ({ page }) => {
  const violations = collectViolations(page);
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /Session Analytics API/ })).toBeVisible();
  expect(violations).toEqual([]);
});
