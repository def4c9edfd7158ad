import { expect, signIn, test } from './support/fixtures.ts';

test('a support person sees no alerts in the navigation and cannot reach alert editing', async ({ page }) => {
  await signIn(page, 'support');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sessions', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Alerts' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);

  await page.goto('/alerts');
  await expect(page.getByText(/don.t have access to alerts/i)).toBeVisible();
  await expect(page.getByRole('button', { name: /Create/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);

  const response = await page.request.post('/v1/alerts', {
    data: { name: 'Sneaky', events: [{ kind: 5, value: '' }], provider: 'chat', chat_channel_id: '#x' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(403);
  expect((await response.json()).error.code).toBe('insufficient_scope');
});
