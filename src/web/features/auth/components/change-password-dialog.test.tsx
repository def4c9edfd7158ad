// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fill(current: string, next: string, repeated = next) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('New password again'), repeated);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordDialog', () => {
  it('sends the current and new password and says the other browsers were signed out', async () => {
    const requests = mockApi({ 'PUT /v1/me/password': { body: { changed: true, other_sessions_signed_out: 2 } } });
    renderWithProviders(<ChangePasswordDialog onClose={() => {}} />);
    await fill('old secret', 'a long new passphrase');
    expect(
      await screen.findByText(/Your password is changed\. You were signed out on your other browsers\./),
    ).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ current_password: 'old secret', new_password: 'a long new passphrase' });
  });

  it('puts a wrong current password on its field', async () => {
    mockApi({
      'PUT /v1/me/password': errorReply(
        400,
        'validation_error',
        'wrong_password',
        'The current password is not right',
        'current_password',
      ),
    });
    renderWithProviders(<ChangePasswordDialog onClose={() => {}} />);
    await fill('nope', 'a long new passphrase');
    expect(await screen.findByText('The current password is not right')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a short or mistyped new password before sending anything', async () => {
    const requests = mockApi({});
    renderWithProviders(<ChangePasswordDialog onClose={() => {}} />);
    await fill('old secret', 'short', 'shirt');
    expect(await screen.findByText('At least 12 characters; a long passphrase is best')).toBeInTheDocument();
    expect(screen.getByText('Type the same new password twice')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
