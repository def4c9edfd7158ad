// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Website } from '../../../../api/client/types.gen.ts';
import { meAs, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SettingsPage } from './settings-page.tsx';

const shop: Website = { website_id: 'web_1', host: 'shop.example.com', name: 'Shop' };
const saved = {
  website_id: 'web_1',
  enabled: true,
  sample_rate: 100,
  mask_all_inputs: true,
  mask_all_text: false,
  mask_selectors: [],
  block_selectors: [],
  strip_query_params: ['token', 'password', 'secret', 'key', 'code'],
  respect_gpc: true,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Recording settings of a website', () => {
  it('shows the saved settings and saves what the admin changes', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = mockApi({
      'GET /v1/auth/me': { body: meAs('admin') },
      'GET /v1/websites': { body: [shop] },
      'GET /v1/websites/web_1/recording': { body: saved },
      'PUT /v1/websites/web_1/recording': (request) => ({ body: { ...saved, ...(request.body as object) } }),
    });
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=websites' });
    const card = within(await screen.findByRole('listitem', { name: 'Shop' }));
    await user.click(card.getByRole('button', { name: 'Recording and privacy' }));

    const form = within(await card.findByRole('form', { name: 'Recording settings for Shop' }));
    expect(form.getByRole('switch', { name: 'Record sessions for replay' })).toBeChecked();
    expect(form.getByRole('textbox', { name: 'URL query parameters to strip, one per line' })).toHaveValue(
      'token\npassword\nsecret\nkey\ncode',
    );
    await user.clear(form.getByRole('textbox', { name: 'Share of sessions recorded (%)' }));
    await user.type(form.getByRole('textbox', { name: 'Share of sessions recorded (%)' }), '25');
    await user.click(form.getByRole('switch', { name: 'Mask all text on the page' }));
    await user.type(
      form.getByRole('textbox', { name: 'CSS selectors to mask, one per line' }),
      '.card-number{enter}#ssn',
    );
    await user.click(form.getByRole('button', { name: 'Save recording settings' }));

    expect(await form.findByText(/Saved/)).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ sample_rate: 25, mask_all_text: true, mask_selectors: ['.card-number', '#ssn'] });
  });

  it('refuses a share above 100 before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = mockApi({
      'GET /v1/auth/me': { body: meAs('admin') },
      'GET /v1/websites': { body: [shop] },
      'GET /v1/websites/web_1/recording': { body: saved },
    });
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=websites' });
    const card = within(await screen.findByRole('listitem', { name: 'Shop' }));
    await user.click(card.getByRole('button', { name: 'Recording and privacy' }));
    const share = await card.findByRole('textbox', { name: 'Share of sessions recorded (%)' });
    await user.clear(share);
    await user.type(share, '150');
    expect(card.getByText('A whole number from 0 to 100')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Save recording settings' })).toBeDisabled();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});
