import { expect, readState, seriousViolations, signIn, test } from './support/fixtures.ts';

test('the sign-in page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('every page of the app has no serious or critical accessibility violations', async ({ page }) => {
  const { visitor } = readState();
  await signIn(page, 'admin');
  const pages: [string, RegExp | string][] = [
    ['/sessions', 'Sessions'],
    [`/visitors?email=${encodeURIComponent(visitor.email)}`, 'Visitor'],
    ['/alerts', 'Alerts'],
    ['/webhooks', 'Webhooks'],
    ['/settings', 'Settings'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.goto('/sessions');
  const firstRow = page.getByRole('grid').getByRole('row').nth(1);
  await firstRow.getByRole('gridcell').first().click();
  await expect(page.getByText('Session details').first()).toBeVisible();
  expect(await seriousViolations(page), 'session drawer').toEqual([]);
});
