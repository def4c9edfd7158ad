// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { errorReply, meAs, mockApi } from '../../../test/mock-api.ts';
import { SetPasswordPage } from './set-password-page.tsx';

const TOKEN = 'a'.repeat(43);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('SetPasswordPage', () => {
  it('sends the secret from the link with the chosen password, and takes the secret out of the address bar', async () => {
    window.history.replaceState(null, '', `/set-password#token=${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    const requests = mockApi({ 'POST /v1/auth/set-password': { body: meAs('analyst') } });
    renderWithProviders(<SetPasswordPage />, { route: '/set-password' });

    expect(window.location.hash).toBe('');
    await user.type(screen.getByLabelText('New password'), 'a long passphrase');
    await user.type(screen.getByLabelText('New password again'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));

    await vi.waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      token: TOKEN,
      new_password: 'a long passphrase',
    });
  });

  it('refuses a short or mistyped password before sending anything', async () => {
    window.history.replaceState(null, '', `/set-password#token=${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    const requests = mockApi({});
    renderWithProviders(<SetPasswordPage />, { route: '/set-password' });

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('New password again'), 'other');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));

    expect(await screen.findByText('At least 12 characters; a long passphrase is best')).toBeInTheDocument();
    expect(screen.getByText('Type the same password twice')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('says when the link has expired or was used, with what to do', async () => {
    window.history.replaceState(null, '', `/set-password#token=${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    mockApi({
      'POST /v1/auth/set-password': errorReply(
        400,
        'validation_error',
        'invalid_link',
        'This link has expired or was already used; ask an admin for a new one',
        'token',
      ),
    });
    renderWithProviders(<SetPasswordPage />, { route: '/set-password' });

    await user.type(screen.getByLabelText('New password'), 'a long passphrase');
    await user.type(screen.getByLabelText('New password again'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));

    expect(await screen.findByText(/expired or was already used; ask an admin for a new one/)).toBeInTheDocument();
  });

  it('explains what is missing when the link lost its secret', () => {
    window.history.replaceState(null, '', '/set-password');
    mockApi({});
    renderWithProviders(<SetPasswordPage />, { route: '/set-password' });
    expect(screen.getByRole('alert')).toHaveTextContent(/needs the whole link/);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
