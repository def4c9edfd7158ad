// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { errorReply, meAs, mockApi } from '../../../test/mock-api.ts';
import { SettingsPage } from './settings-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SETTINGS = { account_id: 'acc_1', name: 'Acme', ip_truncation: false };

describe('Privacy', () => {
  it('switches truncated IP addresses on for the account', async () => {
    const user = userEvent.setup({ delay: null });
    let settings = SETTINGS;
    const requests = mockApi({
      'GET /v1/auth/me': { body: meAs('admin') },
      'GET /v1/account': () => ({ body: settings }),
      'PUT /v1/account': ({ body }) => {
        settings = { ...settings, ...(body as object) };
        return { body: settings };
      },
    });
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=privacy' });

    const toggle = await screen.findByRole('switch', { name: 'Store visitors’ IP addresses truncated' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await vi.waitFor(() => expect(toggle).toBeChecked());
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ ip_truncation: true });
  });

  it('shows why the change failed, with the switch back where it was', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /v1/auth/me': { body: meAs('admin') },
      'GET /v1/account': { body: SETTINGS },
      'PUT /v1/account': errorReply(403, 'authorization_error', 'insufficient_scope', 'Only an admin can do this'),
    });
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=privacy' });
    const toggle = await screen.findByRole('switch', { name: 'Store visitors’ IP addresses truncated' });
    await user.click(toggle);
    expect(await screen.findByText('The setting could not be changed')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });
});
