// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../api/client/types.gen.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { errorReply, meAs, mockApi } from '../../../test/mock-api.ts';
import { SettingsPage } from './settings-page.tsx';

const admin = meAs('admin').user as User;
const LINK = 'https://analytics.acme.test/set-password#token=Q2xldmVyIHRva2VuIHRoYXQgaXMgNDMgY2hhcmFjdGVycw';
const EXPIRES_AT = 1_750_604_800;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('People', () => {
  it('adds a person and shows their one-time set-password link once', async () => {
    const user = userEvent.setup({ delay: null });
    const people: User[] = [admin];
    const requests = mockApi({
      'GET /v1/auth/me': { body: meAs('admin') },
      'GET /v1/users': () => ({ body: people }),
      'POST /v1/users': ({ body }) => {
        const { email, role } = body as Pick<User, 'email' | 'role'>;
        const added: User = { user_id: 'usr_new', email, name: 'Sam', role, created_at: 1_750_000_000 };
        people.push(added);
        return { status: 201, body: { user: added, set_password_url: LINK, set_password_expires_at: EXPIRES_AT } };
      },
    });
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=people' });

    await user.click(await screen.findByRole('button', { name: 'Add person' }));
    const form = await screen.findByRole('dialog', { name: 'Add a person' });
    await user.type(within(form).getByRole('textbox', { name: /E-mail/ }), 'sam@acme.test');
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Sam');
    await user.click(within(form).getByRole('radio', { name: /Support/ }));
    await user.click(within(form).getByRole('button', { name: 'Add person' }));

    const shown = await screen.findByRole('dialog', { name: 'Sam was added' });
    expect(within(shown).getByText(LINK)).toBeInTheDocument();
    expect(
      within(shown).getByText(/Send this link to sam@acme.test.*works once.*will not be shown again/),
    ).toBeInTheDocument();
    // The last day with its month in words, as the sessions list writes dates, never a bare 6/22/2025 that
    // reads two ways.
    expect(within(shown).getByText(/until 2[23] Jun 2025, and/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy set-password link' })).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'sam@acme.test',
      name: 'Sam',
      role: 'support',
    });

    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    const row = within(await screen.findByRole('listitem', { name: 'Sam' }));
    expect(row.getByText('sam@acme.test')).toBeInTheDocument();
    expect(screen.queryByText(LINK)).not.toBeInTheDocument();
  });

  it('issues a new set-password link for another person, never for oneself', async () => {
    const user = userEvent.setup({ delay: null });
    const sam: User = {
      user_id: 'usr_sam',
      email: 'sam@acme.test',
      name: 'Sam',
      role: 'support',
      created_at: 1_750_000_000,
    };
    const requests = mockApi({
      'GET /v1/auth/me': { body: meAs('admin') },
      'GET /v1/users': { body: [admin, sam] },
      'POST /v1/users/usr_sam/password-link': {
        status: 201,
        body: { set_password_url: LINK, set_password_expires_at: EXPIRES_AT },
      },
    });
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=people' });

    const own = within(await screen.findByRole('listitem', { name: /\(you\)/ }));
    expect(own.queryByRole('button', { name: /set-password link/ })).not.toBeInTheDocument();
    const row = within(screen.getByRole('listitem', { name: 'Sam' }));
    await user.click(row.getByRole('button', { name: 'New set-password link for Sam' }));

    const shown = await screen.findByRole('dialog', { name: 'A new link for Sam' });
    expect(within(shown).getByText(LINK)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/v1/users/usr_sam/password-link',
    ]);
  });

  it('shows why the last admin cannot be given another role', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /v1/auth/me': { body: meAs('admin') },
      'GET /v1/users': { body: [admin] },
      [`PUT /v1/users/${admin.user_id}`]: errorReply(
        409,
        'conflict_error',
        'last_admin',
        'An account keeps at least one admin',
      ),
    });
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=people' });

    const row = within(await screen.findByRole('listitem', { name: /admin/ }));
    await user.click(row.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Analyst' }));

    expect(await row.findByRole('alert')).toHaveTextContent('An account keeps at least one admin');
    expect(row.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Admin');
  });
});
