// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { mockApi } from '../../../../test/mock-api.ts';
import { WebhookSecret } from './webhook-secret.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WebhookSecret', () => {
  it('fetches the secret only when revealed, and shows the new one after a confirmed rotation', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = mockApi({
      'GET /v1/webhooks/wh_1/secret': { body: { webhook_id: 'wh_1', secret: 'whsec_old' } },
      'POST /v1/webhooks/wh_1/secret/rotate': {
        body: { webhook_id: 'wh_1', secret: 'whsec_new', previous_secret_expires_at: 1_767_312_000 },
      },
    });
    renderWithProviders(<WebhookSecret webhookId="wh_1" />);

    expect(screen.queryByText('whsec_old')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('whsec_old')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy signing secret' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rotate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(dialog).toHaveTextContent(/For 24 hours every delivery is signed with both/);
    expect(dialog).toHaveTextContent(/Update every receiver of this webhook with the new secret within 24 hours/);
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));

    expect(await screen.findByText('whsec_new')).toBeInTheDocument();
    const notice = screen.getByText(/The secret was rotated/);
    expect(notice).toHaveTextContent(
      /The previous one also signs deliveries until .+: update every receiver before then/,
    );
    expect(notice.querySelector('time')).toHaveAttribute('datetime', '2026-01-02T00:00:00.000Z');
    expect(requests.filter((request) => request.path.endsWith('/secret'))).toHaveLength(1);
  });
});
