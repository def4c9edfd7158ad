// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Delivery, Webhook } from '../../../../../api/client/types.gen.ts';
import { deliveredTest, failedDelivery } from '../../../../test/delivery-fixtures.ts';
import { mockApi, type MockReply, type MockRequest } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { baseRoutes, webhook } from '../../test/fixtures.ts';
import { WebhooksPage } from './webhooks-page.tsx';

type Routes = Record<string, MockReply | ((request: MockRequest) => MockReply)>;

function renderPage(role: 'admin' | 'analyst', routes: Routes = {}, webhooks: Webhook[] = [webhook]) {
  const requests = mockApi({ ...baseRoutes(role, webhooks), ...routes });
  renderWithProviders(<WebhooksPage />);
  return { requests, user: userEvent.setup({ delay: null }) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Webhook delivery', () => {
  it("says each webhook's health as the server states it: none yet, succeeding, retrying, failing since when, disabled and why", async () => {
    const at = (id: string, changes: Partial<Webhook>): Webhook => ({
      ...webhook,
      webhook_id: id,
      url: `https://${id}.example.com/hook`,
      ...changes,
    });
    const fresh = at('fresh', { health: 'no_deliveries' });
    const retrying = at('retrying', { health: 'retrying', failing_since: 1_741_000_000 });
    const failing = at('failing', { health: 'failing', failing_since: 1_741_000_000 });
    const disabled = at('disabled', {
      health: 'disabled',
      enabled: false,
      disabled_reason: 'No successful delivery for 3 days',
    });
    const switchedOff = at('off', { health: 'disabled', enabled: false });
    renderPage('admin', {}, [webhook, fresh, retrying, failing, disabled, switchedOff]);

    expect(await screen.findByRole('listitem', { name: webhook.url })).toHaveTextContent('Deliveries succeeding');
    const freshRow = screen.getByRole('listitem', { name: fresh.url });
    expect(freshRow).toHaveTextContent('No deliveries yet');
    expect(freshRow).not.toHaveTextContent('succeeding');
    const retryingRow = screen.getByRole('listitem', { name: retrying.url });
    expect(retryingRow).toHaveTextContent('Retrying since');
    expect(retryingRow).not.toHaveTextContent('Failing');
    const failingRow = screen.getByRole('listitem', { name: failing.url });
    expect(failingRow).toHaveTextContent('Failing since');
    expect(
      within(failingRow)
        .getByText(/Failing/)
        .querySelector('time'),
    ).toHaveAttribute('dateTime', new Date(1_741_000_000 * 1000).toISOString());
    expect(screen.getByRole('listitem', { name: disabled.url })).toHaveTextContent(
      'Disabled: No successful delivery for 3 days',
    );
    expect(screen.getByRole('listitem', { name: switchedOff.url })).toHaveTextContent(
      'Switched off: its alerts send nothing',
    );
  });

  it('sends a test message and confirms it with the message id', async () => {
    const { requests, user } = renderPage('admin', {
      'POST /v1/webhooks/wh_1/test': { status: 202, body: { delivery_id: 'msg_7', status: 'pending' } },
    });
    const row = await screen.findByRole('listitem', { name: webhook.url });
    await user.click(within(row).getByRole('button', { name: 'Send test' }));

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent('Test message queued');
    expect(confirmation).toHaveTextContent('msg_7');
    expect(
      requests.filter((request) => request.method === 'POST' && request.path === '/v1/webhooks/wh_1/test'),
    ).toHaveLength(1);
  });

  it('shows the delivery log and redelivers a failed message', async () => {
    let deliveries: Delivery[] = [deliveredTest, failedDelivery];
    const { requests, user } = renderPage('admin', {
      'GET /v1/webhooks/wh_1/deliveries': () => ({ body: deliveries }),
      'POST /v1/deliveries/msg_failed/redeliver': () => {
        deliveries = [
          deliveredTest,
          { ...failedDelivery, status: 'delivered', delivered_at: '2025-03-06T10:00:00.000Z' },
        ];
        return { status: 202, body: { delivery_id: 'msg_failed', status: 'pending' } };
      },
    });
    const row = await screen.findByRole('listitem', { name: webhook.url });
    await user.click(within(row).getByRole('button', { name: 'Deliveries' }));

    const dialog = await screen.findByRole('dialog', { name: `Deliveries to ${webhook.url}` });
    const failed = await within(dialog).findByRole('listitem', { name: 'Custom msg_failed' });
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('Last error: The receiver answered 410');
    await user.click(within(failed).getByRole('button', { name: 'Attempt history (1)' }));
    expect(within(failed).getByRole('listitem', { name: 'Attempt 1' })).toHaveTextContent('410');

    await user.click(within(failed).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() => expect(failed).toHaveTextContent('Delivered'));
    expect(requests.filter((request) => request.path === '/v1/deliveries/msg_failed/redeliver')).toHaveLength(1);
  });

  it('lets read-only people read the log but not send tests or redeliver', async () => {
    const { user } = renderPage('analyst', { 'GET /v1/webhooks/wh_1/deliveries': { body: [failedDelivery] } });
    const row = await screen.findByRole('listitem', { name: webhook.url });
    expect(within(row).queryByRole('button', { name: 'Send test' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Deliveries' }));
    const dialog = await screen.findByRole('dialog', { name: `Deliveries to ${webhook.url}` });
    expect(await within(dialog).findByRole('listitem', { name: 'Custom msg_failed' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Redeliver' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send test' })).not.toBeInTheDocument();
  });
});
