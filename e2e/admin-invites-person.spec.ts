import { expect, signIn, signInWith, test } from './support/fixtures.ts';

test('an admin adds a person, who sets their own password with the one-time link and signs in', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin');
  await page.goto('/settings?tab=people');
  await page.getByRole('button', { name: 'Add person' }).click();
  const form = page.getByRole('dialog', { name: 'Add a person' });
  const email = `newcomer-${Date.now()}@example.com`;
  await form.getByRole('textbox', { name: /E-mail/ }).fill(email);
  await form.getByRole('textbox', { name: /Name/ }).fill('Nia Newcomer');
  await form.getByRole('radio', { name: /Analyst/ }).check();
  await form.getByRole('button', { name: 'Add person' }).click();

  const shown = page.getByRole('dialog', { name: 'Nia Newcomer was added' });
  const link = (await shown.getByText(/\/set-password#token=/).textContent()) ?? '';
  expect(link).toMatch(/\/set-password#token=[0-9A-Za-z]{43}$/);
  await shown.getByRole('button', { name: 'I have copied it' }).click();

  const context = await browser.newContext();
  try {
    const newcomer = await context.newPage();
    await newcomer.goto(link);
    await expect(newcomer.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await expect.poll(() => new URL(newcomer.url()).hash).toBe('');
    await newcomer.getByLabel('New password', { exact: true }).fill('a passphrase of my own');
    await newcomer.getByLabel('New password again').fill('a passphrase of my own');
    await newcomer.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(newcomer).toHaveURL(/\/sessions/);
    await expect(newcomer.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();

    // The link worked once; the password now signs in like any other.
    const again = await context.newPage();
    await again.goto(link);
    await again.getByLabel('New password', { exact: true }).fill('someone else tries');
    await again.getByLabel('New password again').fill('someone else tries');
    await again.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(again.getByText(/expired or was already used/)).toBeVisible();
  } finally {
    await context.close();
  }
  const fresh = await browser.newContext();
  try {
    await signInWith(await fresh.newPage(), { email, password: 'a passphrase of my own' });
  } finally {
    await fresh.close();
  }
});
