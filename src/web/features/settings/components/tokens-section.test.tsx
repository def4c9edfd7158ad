// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '../../../../api/client/types.gen.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { meAs, mockApi } from '../../../test/mock-api.ts';
import { SettingsPage } from './settings-page.tsx';

const FULL_TOKEN = 'sa_Q7x2LmP9wE4rT6yU1iO3pA5sD8fG0hJ2kL4zX6cV';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('API tokens', () => {
  it('shows a new token once, with a copy button, and afterwards lists only its prefix', async () => {
    const user = userEvent.setup({ delay: null });
    const tokens: ApiToken[] = [];
    const requests = mockApi({
      'GET /v1/auth/me': { body: meAs('admin') },
      'GET /v1/tokens': () => ({ body: tokens }),
      'POST /v1/tokens': ({ body }) => {
        const { name, scopes } = body as Pick<ApiToken, 'name' | 'scopes'>;
        const summary: ApiToken = {
          token_id: 'tok_1',
          name,
          prefix: FULL_TOKEN.slice(0, 10),
          scopes,
          created_at: 1_750_000_000,
          last_used_at: null,
          expires_at: null,
          revoked_at: null,
        };
        tokens.push(summary);
        return { status: 201, body: { ...summary, token: FULL_TOKEN } };
      },
    });
    renderWithProviders(<SettingsPage />);

    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Nightly export');
    await user.click(within(form).getByRole('checkbox', { name: /webhooks:read/ }));
    await user.click(within(form).getByRole('checkbox', { name: /users\.sessions:read/ }));
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Token “Nightly export” created' });
    expect(within(shown).getByText(FULL_TOKEN)).toBeInTheDocument();
    expect(within(shown).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy api token' })).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Nightly export',
      scopes: ['webhooks:read', 'users.sessions:read'],
    });

    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    const row = within(await screen.findByRole('listitem', { name: 'Nightly export' }));
    expect(row.getByText('sa_Q7x2LmP…')).toBeInTheDocument();
    expect(row.getByText('webhooks:read')).toBeInTheDocument();
    expect(row.getByText('Last used').nextElementSibling).toHaveTextContent('never');
    expect(row.getByText('Active')).toBeInTheDocument();
    expect(screen.queryByText(FULL_TOKEN)).not.toBeInTheDocument();
  });

  it('asks for a name and at least one scope before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = mockApi({ 'GET /v1/auth/me': { body: meAs('admin') }, 'GET /v1/tokens': { body: [] } });
    renderWithProviders(<SettingsPage />);

    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    expect(await within(form).findByText('Choose at least one scope')).toBeInTheDocument();
    expect(within(form).getByText('Name the token after the program that will use it')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('tells people who are not admins that settings need an admin', async () => {
    mockApi({ 'GET /v1/auth/me': { body: meAs('analyst') } });
    renderWithProviders(<SettingsPage />);

    expect(await screen.findByText(/Settings are for admins/)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create token' })).not.toBeInTheDocument();
  });
});
