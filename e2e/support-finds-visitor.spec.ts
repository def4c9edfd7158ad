import { expect, readState, signIn, test } from './support/fixtures.ts';

test("support finds a visitor's sessions by e-mail from the app bar", async ({ page }) => {
  const { visitor } = readState();
  await signIn(page, 'support');
  const search = page.getByRole('textbox', { name: 'Find a visitor by e-mail, visitor id or session link' });
  // People type addresses in any case; the lookup matches case-insensitively.
  await search.fill(`  ${visitor.email.toUpperCase()} `);
  await search.press('Enter');

  await expect(page).toHaveURL(/\/visitors\?email=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Visitor' })).toBeVisible();
  await expect(page.getByText(visitor.id).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Sessions \(\d+\)$/ })).toBeVisible();
  const rows = page.getByRole('grid').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();

  await rows.nth(1).getByRole('gridcell').first().click();
  const details = page
    .getByRole('dialog', { name: 'Session details' })
    .or(page.getByRole('presentation').filter({ hasText: 'Session details' }));
  await expect(details.first()).toBeVisible();
  await expect(details.first().getByText(visitor.email, { exact: false }).first()).toBeVisible();
});
