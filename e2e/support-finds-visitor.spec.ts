import { expect, readState, signIn, test } from './support/fixtures.ts';

test("support finds a visitor's sessions by e-mail from the app bar", async ({ page }) => {
  const { visitor } = readState();
  await signIn(page, 'support');
  const search = page.getByRole('combobox', { name: 'Find a visitor by name, e-mail, visitor id or session link' });
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

test('support picks a person from the suggestions while typing, and a pasted session link opens the session', async ({
  page,
}) => {
  const { visitor } = readState();
  await signIn(page, 'support');
  const search = page.getByRole('combobox', { name: 'Find a visitor by name, e-mail, visitor id or session link' });
  await search.pressSequentially(visitor.email.slice(0, 6));
  const suggestion = page
    .getByRole('listbox', { name: 'Suggested people' })
    .getByRole('option')
    .filter({ hasText: visitor.email });
  await expect(suggestion.first()).toContainText(/\d+ sessions?/);
  await suggestion.first().click();
  await expect(page).toHaveURL(new RegExp(`/visitors\\?visitor_id=${visitor.id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Visitor' })).toBeVisible();

  const sessionLink = await page
    .getByRole('grid')
    .getByRole('row')
    .nth(1)
    .getAttribute('data-id')
    .then((id) => `${new URL(page.url()).origin}/sessions/${id}`);
  await search.focus();
  await search.evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, sessionLink);
  await expect(page).toHaveURL(new RegExp(`/sessions/${sessionLink.split('/').pop()}$`));
  // The tab is named after the page, so several open tabs can be told apart.
  await expect(page).toHaveTitle(/^Session of .+ – Session Analytics$/);
});
