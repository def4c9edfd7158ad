import { expect, signIn, test } from './support/fixtures.ts';

test('with the keyboard: Enter on a row opens its session, and Escape brings focus back to that row', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  const row = page.getByRole('grid', { name: 'Sessions' }).getByRole('row').nth(1);
  await expect(row).toBeVisible();
  const id = await row.getAttribute('data-id');

  await row.getByRole('gridcell').first().focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Session details' });
  await expect(details).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`session=${id}`));

  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="row"]')?.getAttribute('data-id')))
    .toBe(id);

  // The close button does the same.
  await page.keyboard.press('Enter');
  await expect(details).toBeVisible();
  await details.getByRole('button', { name: 'Close session details' }).click();
  await expect(details).toBeHidden();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="row"]')?.getAttribute('data-id')))
    .toBe(id);
});
