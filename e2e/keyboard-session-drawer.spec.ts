import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures.ts';

const focusedRowId = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[role="row"]')?.getAttribute('data-id'));

test('with the keyboard: Enter on a row opens its session, and closing it brings focus back to that row', async ({
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
  await expect.poll(() => focusedRowId(page)).toBe(id);

  // The close button does the same.
  await page.keyboard.press('Enter');
  await expect(details).toBeVisible();
  await details.getByRole('button', { name: 'Close session details' }).click();
  await expect(details).toBeHidden();
  await expect.poll(() => focusedRowId(page)).toBe(id);
});

test('closing a dialog gives focus back to the button that opened it', async ({ page }) => {
  await signIn(page, 'analyst');
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();

  const saveView = page.getByRole('button', { name: 'Save view' });
  await saveView.click();
  await expect(page.getByRole('dialog', { name: 'Save view' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(saveView).toBeFocused();

  const addFilter = page.getByRole('button', { name: 'Add filter' });
  await addFilter.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem').first().press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(addFilter).toBeFocused();
});
