import { collectConsoleProblems, expect, signIn, test } from './support/fixtures.ts';

test('a first visit is sent to sign in; then with the keyboard only: skip to content, choose a date preset, and the rows change; the console stays clean', async ({
  page,
}) => {
  const problems = collectConsoleProblems(page);
  // A browser that never signed in goes to the sign-in page without a request that fails.
  await page.goto('/sessions');
  await expect(page).toHaveURL(/\/login\?next=%2Fsessions$/);
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await signIn(page, 'analyst');
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  await expect(page.getByText(/^Showing all time/)).toBeVisible();
  const totalBefore = await page.getByText(/^[\d,]+ sessions$/).textContent();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  const dates = page.getByRole('combobox', { name: 'Dates' });
  for (let stop = 0; stop < 8 && !(await dates.evaluate((element) => element === document.activeElement)); stop += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(dates).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Last 7 days' })).toBeVisible();
  const lastWeek = page.getByRole('option', { name: 'Last 7 days' });
  for (
    let step = 0;
    step < 10 && !(await lastWeek.evaluate((option) => option === document.activeElement));
    step += 1
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(lastWeek).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/date_from=TODAY-7DAYS/);
  await expect(page.getByText(/^Showing .* – now/)).toBeVisible();
  await expect(page.getByText(/^[\d,]+ sessions$/)).not.toHaveText(totalBefore ?? '');
  await expect(dates).toBeFocused();

  // Signing out leaves no failed request behind.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Session Analytics' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(problems).toEqual([]);
});
