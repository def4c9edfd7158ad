import { expect, signIn, test } from './support/fixtures.ts';

test('an admin creates a chat alert, switches it to a webhook registered from the form, and reads its sentence', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();

  await page
    .getByRole('button', { name: /Create (your first|an|) ?alert/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Checkout frustration');
  const firstEvent = dialog.getByRole('group', { name: 'Event 1' });
  await firstEvent.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Rage click' }).click();
  await firstEvent.getByRole('textbox', { name: 'Minimum rapid clicks' }).fill('5');
  await dialog.getByRole('textbox', { name: 'Chat channel' }).fill('#support');
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Rage click of 5\+ clicks.*chat.*#?support/)).toBeVisible();

  await page.getByRole('button', { name: 'Edit Checkout frustration' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByRole('radio', { name: 'Webhook' }).check();
  const register = editor.getByRole('group', { name: 'Register a webhook' });
  await register.getByRole('textbox', { name: 'Webhook URL' }).fill('https://hooks.example.com/checkout');
  await register.getByRole('combobox', { name: /^Website/ }).click();
  await page.getByRole('option').first().click();
  await register.getByRole('button', { name: 'Register webhook' }).click();
  await expect(editor.getByRole('combobox', { name: /^Webhook/ })).toContainText('hooks.example.com/checkout');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor).toBeHidden();

  await expect(page.getByText(/Rage click of 5\+ clicks.*webhook.*hooks\.example\.com\/checkout/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/Rage click of 5\+ clicks.*webhook.*hooks\.example\.com\/checkout/)).toBeVisible();
});
