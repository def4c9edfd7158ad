import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures.ts';

async function addFilter(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  return page.getByRole('dialog', { name: `Filter: ${name}` });
}

/** A suggestion's value and its number of sessions, as the option shows them side by side. */
async function readOption(page: Page, index: number) {
  const spans = page.getByRole('option').nth(index).locator('span');
  const [value, count] = await spans.allInnerTexts();
  return { value: value ?? '', sessions: Number((count ?? '').replace(/\D/g, '')) };
}

test("an analyst filters by values picked from the account's own, most frequent first", async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/sessions');
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();

  // The browser editor puts the cursor in its field without covering its buttons; ↓ opens the account's
  // browsers, most sessions first, each with its count.
  let dialog = await addFilter(page, 'Browser');
  await expect(dialog.getByRole('combobox', { name: 'Browser' })).toBeFocused();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option').nth(1)).toBeVisible();
  const first = await readOption(page, 0);
  const second = await readOption(page, 1);
  expect(first.sessions).toBeGreaterThan(0);
  expect(first.sessions).toBeGreaterThanOrEqual(second.sessions);
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: `Browser: ${first.value}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`browser=${encodeURIComponent(first.value).replace(/%20/g, '(%20|\\+)')}`));

  // A visitor parameter: its names first, then the chosen name's values.
  dialog = await addFilter(page, 'Visitor parameter');
  await dialog.getByRole('combobox', { name: 'Parameter name' }).fill('pla');
  await page.getByRole('option', { name: /^plan/ }).click();
  await dialog.getByRole('combobox', { name: 'Value' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  const plan = await readOption(page, 0);
  expect(['free', 'pro', 'enterprise']).toContain(plan.value);
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: `Visitor parameter: plan = ${plan.value}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`visitor_param=plan(%3D|=)${plan.value}`));

  // Both picked values match sessions: the list is not empty.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText(/^[\d,]+ sessions?$/).first()).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Sessions' }).getByRole('row').nth(1)).toBeVisible();
});
