import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures.ts';

// Unique per run: a retry or a second run against the same server must not find the first run's view.
const VIEW_NAME = `Long desktop sessions with errors ${Date.now().toString(36)}`;

async function addFilter(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  return page.getByRole('dialog', { name: `Filter: ${name}` });
}

/** Seconds from a duration as the table shows it ("1h 2m", "34m 38s", "45s"). */
function seconds(duration: string): number {
  const units: Record<string, number> = { h: 3600, m: 60, s: 1 };
  return [...duration.matchAll(/(\d+)([hms])/g)].reduce(
    (sum, [, n, unit]) => sum + Number(n) * (units[unit ?? 's'] ?? 0),
    0,
  );
}

/** The durations of the first rows, read from the Duration column. */
async function firstDurations(page: Page): Promise<number[]> {
  const grid = page.getByRole('grid', { name: 'Sessions' });
  const cells = await grid.locator('[role="gridcell"][data-field="duration"]').allInnerTexts();
  return cells.slice(0, 5).map(seconds);
}

/** The total and the first rows' text, to compare what two people see. */
async function whatIsShown(page: Page) {
  // Rows of the previous view stay on screen (dimmed, marked busy) while a new one loads: wait
  // until what is shown is the current view's.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const grid = page.getByRole('grid', { name: 'Sessions' });
  const rows = grid.getByRole('row');
  await expect(rows.nth(3)).toBeVisible();
  const total = await page
    .getByText(/^[\d,]+ sessions?$/)
    .first()
    .textContent();
  const firstRows = await Promise.all([1, 2, 3].map((index) => rows.nth(index).innerText()));
  return { total, firstRows };
}

test('an analyst saves a filtered, sorted view for the account, and a colleague opens it from the navigation', async ({
  page,
  browser,
}) => {
  await signIn(page, 'analyst');
  await page.goto('/sessions');
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();

  let dialog = await addFilter(page, 'Device');
  await dialog.getByRole('radio', { name: 'Desktop' }).check();
  await dialog.getByRole('button', { name: 'Apply' }).click();

  dialog = await addFilter(page, 'Errors');
  await dialog.getByRole('radio', { name: 'Has errors' }).check();
  await dialog.getByRole('button', { name: 'Apply' }).click();

  dialog = await addFilter(page, 'Duration');
  await dialog.getByRole('spinbutton', { name: 'Minimum' }).fill('60');
  await dialog.getByRole('button', { name: 'Apply' }).click();

  // Every filter is applied (in the address and as a chip) before the sort, so the header click
  // lands on the table of the filtered view rather than one being replaced.
  await expect(page).toHaveURL(/device=desktop/);
  await expect(page).toHaveURL(/has_errors=true/);
  await expect(page).toHaveURL(/duration_min=60/);
  await expect(page.getByRole('button', { name: 'Duration: at least 1 min' })).toBeVisible();
  await page.getByRole('columnheader', { name: /Duration/ }).click();
  await expect(page).toHaveURL(/sort=-duration/);
  await expect
    .poll(async () => {
      const durations = await firstDurations(page);
      return durations.length > 1 && durations.every((value, index) => index === 0 || value <= durations[index - 1]!);
    })
    .toBe(true);
  const analystSees = await whatIsShown(page);

  await page.getByRole('button', { name: 'Save view' }).click();
  dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(VIEW_NAME);
  await dialog.getByRole('checkbox', { name: 'Share with everyone in the account' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const savedLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: VIEW_NAME });
  await expect(savedLink).toHaveAttribute('aria-current', 'page');

  // The colleague signs in on their own, in a browser that shares nothing with the analyst's.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await signIn(colleague, 'support');
  await colleague.goto('/sessions');
  const shared = colleague
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: `${VIEW_NAME} Shared by a colleague` });
  await shared.click();
  await expect(colleague).toHaveURL(/device=desktop/);
  await expect(shared).toHaveAttribute('aria-current', 'page');
  await expect(colleague.getByRole('button', { name: 'Has errors' })).toBeVisible();
  await expect(colleague.getByRole('columnheader', { name: /Duration/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(colleague.getByRole('button', { name: `Options for view ${VIEW_NAME}` })).toHaveCount(0);
  expect(await whatIsShown(colleague)).toEqual(analystSees);
  await colleagueContext.close();
});
