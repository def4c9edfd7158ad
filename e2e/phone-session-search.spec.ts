import type { Page } from '@playwright/test';
import { expect, readState, test } from './support/fixtures.ts';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Whether the page is wider than the screen, so that someone would have to scroll it sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });

test('on a phone, support filters sessions by a visitor e-mail in the filters sheet and opens one from its card', async ({
  page,
}) => {
  const { visitor, people } = readState();
  // On a phone the navigation folds behind a button, so signing in ends on the page's heading.
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(people.support.email);
  await page.getByLabel('Password').fill(people.support.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').first()).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);

  await page.getByRole('button', { name: /^Filters/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('textbox', { name: 'E-mail' }).fill(visitor.email);
  await expect(page).toHaveURL(new RegExp(`email=${encodeURIComponent(visitor.email)}`));
  await sheet.getByRole('button', { name: 'Show sessions' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

  const cards = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(cards.first()).toContainText(visitor.email);
  const count = await cards.count();
  for (let index = 0; index < count; index += 1) await expect(cards.nth(index)).toContainText(visitor.email);
  await expect(cards.first()).toContainText(/\d+ pages?/);
  await expect(cards.first()).toContainText(/\d+ errors? · \d+ rage clicks?/);
  expect(await scrollsSideways(page)).toBe(false);
  // Long names are cut with an ellipsis inside the card, not by the edge of the screen.
  const box = await cards.first().boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(360);

  const card = cards.first().getByRole('button');
  await card.click();
  const details = page.getByRole('dialog', { name: 'Session details' });
  await expect(details).toBeVisible();
  await expect(details.getByText(visitor.email).first()).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);

  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(card).toBeFocused();
});

test('on a phone, the app bar is one line of buttons: the search and the website switcher open from icons', async ({
  page,
}) => {
  const { visitor, people } = readState();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(people.support.email);
  await page.getByLabel('Password').fill(people.support.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();

  const bar = page.getByRole('banner');
  const barBox = await bar.boundingBox();
  // One row of 56 px (a phone's toolbar), not two or three.
  expect(barBox?.height ?? Infinity).toBeLessThanOrEqual(64);
  for (const button of await bar.getByRole('button').all()) {
    const box = await button.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(360);
    // Touch targets stay at least 40 px wide.
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(40);
  }
  expect(await scrollsSideways(page)).toBe(false);

  await bar.getByRole('button', { name: /^Website: / }).click();
  await expect(page.getByRole('menuitem', { name: 'All websites' })).toBeVisible();
  await page.keyboard.press('Escape');

  await bar.getByRole('button', { name: 'Find a visitor' }).click();
  const search = page.getByRole('combobox', { name: /^Find a visitor by name/ });
  await expect(search).toBeFocused();
  expect(await scrollsSideways(page)).toBe(false);
  await search.fill(visitor.email);
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Visitor' })).toBeVisible();
  await expect(search).toBeHidden();
  expect(await scrollsSideways(page)).toBe(false);
});
