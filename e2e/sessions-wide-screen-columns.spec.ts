import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test('at 1440 px the frustration columns and engagement show without scrolling sideways', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/sessions');
  const grid = page.getByRole('grid', { name: 'Sessions' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  const gridBox = await grid.boundingBox();
  expect(gridBox).not.toBeNull();
  for (const name of ['Errors', 'Rage clicks', 'Error clicks', 'Engagement']) {
    const header = grid.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    await expect(header).toBeVisible();
    const box = await header.boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x + box!.width, `${name} ends inside the grid`).toBeLessThanOrEqual(gridBox!.x + gridBox!.width);
  }
  const engagement = await grid.getByRole('columnheader', { name: /^Engagement/ }).boundingBox();
  test.info().annotations.push({
    type: 'measure',
    description: `grid ${Math.round(gridBox!.width)} px wide; Engagement ends ${Math.round(
      engagement!.x + engagement!.width - gridBox!.x,
    )} px from its left edge`,
  });
});

/** Shows or hides a column from the toolbar's chooser, and waits until the choice is saved. */
async function toggleColumn(page: Page, name: string) {
  await page.getByRole('button', { name: 'Columns' }).click();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/v1/preferences/session-columns') && response.request().method() === 'PUT',
  );
  await page.getByRole('checkbox', { name }).click();
  expect((await saved).status()).toBe(200);
}

test('a choice of columns follows the person to another browser', async ({ page, browser }) => {
  await signIn(page, 'admin');
  await page.goto('/sessions');
  const grid = page.getByRole('grid', { name: 'Sessions' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await toggleColumn(page, 'Engagement');
  await expect(grid.getByRole('columnheader', { name: /^Engagement/ })).toHaveCount(0);

  const elsewhere = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const other = await elsewhere.newPage();
    await signIn(other, 'admin');
    await other.goto('/sessions');
    const otherGrid = other.getByRole('grid', { name: 'Sessions' });
    await expect(otherGrid.getByRole('row').nth(1)).toBeVisible();
    await expect(otherGrid.getByRole('columnheader', { name: /^Errors/ })).toBeVisible();
    await expect(otherGrid.getByRole('columnheader', { name: /^Engagement/ })).toHaveCount(0);

    // Shown again, for the journeys that follow.
    await toggleColumn(other, 'Engagement');
  } finally {
    await elsewhere.close();
  }
});
