import { expect, signIn, test } from './support/fixtures.ts';

test('an analyst filters by a relative range in another time zone, and the copied URL reproduces the view', async ({
  page,
  context,
}) => {
  await signIn(page, 'analyst');
  await page.goto('/sessions');
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();

  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await zone.fill('Asia/Tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();

  await page.getByRole('combobox', { name: 'Dates' }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();

  await expect(page).toHaveURL(/date_from=TODAY-7DAYS/);
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
  const range = page.getByText(/^Showing .+ – now, Asia\/Tokyo$/);
  await expect(range).toBeVisible();
  const shown = await range.textContent();
  const total = await page
    .getByText(/^[\d,]+ sessions?$/)
    .first()
    .textContent();

  const copied = page.url();
  const second = await context.newPage();
  await second.goto(copied);
  await expect(second.getByText(shown ?? '')).toBeVisible();
  await expect(second.getByRole('combobox', { name: 'Dates' })).toContainText('Last 7 days');
  await expect(second.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
  await expect(second.getByText(total ?? '').first()).toBeVisible();

  await page.goBack();
  await expect(page).not.toHaveURL(/date_from=TODAY-7DAYS/);
});
