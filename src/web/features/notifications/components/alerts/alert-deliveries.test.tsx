// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Alert, Delivery } from '../../../../../api/client/types.gen.ts';
import { deliveredTest, pendingDelivery } from '../../../../test/delivery-fixtures.ts';
import { errorReply, meAs, mockApi, type MockReply, type MockRequest } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { chatAlert, webhook, webhookAlert } from '../../test/fixtures.ts';
import { AlertsPage } from './alerts-page.tsx';

const FIVE_MINUTES_AGO = () => new Date(Date.now() - 5 * 60_000 - 5_000).toISOString();

const failingAlert: Alert = {
  ...webhookAlert,
  target_healthy: false,
  flagged_reason: 'Its webhook was disabled after 3 days without a successful delivery',
};

type Routes = Record<string, MockReply | ((request: MockRequest) => MockReply)>;

function renderPage(role: 'admin' | 'analyst', routes: Routes = {}) {
  const requests = mockApi({
    'GET /v1/auth/me': { body: meAs(role) },
    'GET /v1/alerts': { body: [{ ...chatAlert, last_fired_at: FIVE_MINUTES_AGO() }, failingAlert] },
    'GET /v1/webhooks': { body: [webhook] },
    ...routes,
  });
  renderWithProviders(<AlertsPage />, { route: '/alerts' });
  return { requests, user: userEvent.setup({ delay: null }) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Alert delivery', () => {
  it('shows when each alert last fired and whether its target works, with the reason when it does not', async () => {
    renderPage('admin');
    const checkout = await screen.findByRole('listitem', { name: 'Checkout trouble' });
    expect(checkout).toHaveTextContent('Last fired 5 minutes ago');
    expect(within(checkout).getByText('Target healthy')).toBeInTheDocument();

    const signups = screen.getByRole('listitem', { name: 'Sign-ups' });
    expect(signups).toHaveTextContent('Never fired');
    expect(within(signups).getByText('Target failing')).toBeInTheDocument();
    expect(signups).toHaveTextContent('Its webhook was disabled after 3 days without a successful delivery');
  });

  it('a chat alert on a server without chat says so and what to set, instead of a bare "Target failing"', async () => {
    renderPage('admin', {
      'GET /v1/alerts': { body: [{ ...chatAlert, target_healthy: false }, failingAlert] },
      'GET /v1/notifications/settings': {
        body: { chat: { configured: false, required_settings: ['CHAT_BOT_TOKEN'] } },
      },
    });
    const checkout = await screen.findByRole('listitem', { name: 'Checkout trouble' });
    const warning = await within(checkout).findByRole('alert');
    expect(warning).toHaveTextContent(
      'Chat is not configured: messages to chat channels fail until CHAT_BOT_TOKEN is set',
    );
    expect(within(checkout).queryByText('Target failing')).not.toBeInTheDocument();
    // A webhook alert keeps its own state: chat settings say nothing about it.
    const signups = screen.getByRole('listitem', { name: 'Sign-ups' });
    expect(within(signups).getByText('Target failing')).toBeInTheDocument();
    expect(signups).not.toHaveTextContent('Chat is not configured');
  });

  it('sends a test message and confirms it with the message id', async () => {
    const { requests, user } = renderPage('admin', {
      'POST /v1/alerts/alr_1/test': { status: 202, body: { delivery_id: 'msg_42', status: 'pending' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Send test for Checkout trouble' }));

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent('Test message queued');
    expect(confirmation).toHaveTextContent('msg_42');
    expect(
      requests.filter((request) => request.method === 'POST' && request.path === '/v1/alerts/alr_1/test'),
    ).toHaveLength(1);
  });

  it('says why a test message was refused', async () => {
    const { user } = renderPage('admin', {
      'POST /v1/alerts/alr_1/test': errorReply(
        503,
        'api_error',
        'chat_not_configured',
        'No chat bot is configured on this server',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Send test for Checkout trouble' }));

    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('The test message could not be sent');
    expect(error).toHaveTextContent('No chat bot is configured on this server');
  });

  it('opens the delivery log with messages and attempts, and redelivers a message', async () => {
    let deliveries: Delivery[] = [pendingDelivery, deliveredTest];
    const { requests, user } = renderPage('admin', {
      'GET /v1/alerts/alr_2/deliveries': () => ({ body: deliveries }),
      'POST /v1/deliveries/msg_test/redeliver': () => {
        deliveries = [pendingDelivery, { ...deliveredTest, status: 'pending', attempts: 0, delivered_at: null }];
        return { status: 202, body: { delivery_id: 'msg_test', status: 'pending' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Deliveries of Sign-ups' }));

    const dialog = await screen.findByRole('dialog', { name: 'Deliveries of “Sign-ups”' });
    const failing = await within(dialog).findByRole('listitem', { name: 'Custom msg_pending' });
    expect(failing).toHaveTextContent('Pending');
    expect(failing).toHaveTextContent('Last error: The receiver answered 503');
    await user.click(within(failing).getByRole('button', { name: 'Attempt history (2)' }));
    const attempts = within(failing).getByRole('list', { name: 'Attempts' });
    expect(within(attempts).getAllByRole('listitem')).toHaveLength(2);
    expect(within(attempts).getByRole('listitem', { name: 'Attempt 2' })).toHaveTextContent('503');
    expect(requests.find((request) => request.path === '/v1/alerts/alr_2/deliveries')?.query.get('limit')).toBe('50');

    const test = within(dialog).getByRole('listitem', { name: 'Test message (Custom) msg_test' });
    expect(test).toHaveTextContent('Delivered');
    await user.click(within(test).getByRole('button', { name: 'Redeliver' }));

    await waitFor(() => expect(test).toHaveTextContent('Pending'));
    expect(requests.filter((request) => request.path === '/v1/deliveries/msg_test/redeliver')).toHaveLength(1);
  });

  it('suggests a test when an alert has sent nothing yet', async () => {
    const { user } = renderPage('admin', { 'GET /v1/alerts/alr_1/deliveries': { body: [] } });
    await user.click(await screen.findByRole('button', { name: 'Deliveries of Checkout trouble' }));

    const dialog = await screen.findByRole('dialog', { name: 'Deliveries of “Checkout trouble”' });
    expect(await within(dialog).findByText('No deliveries yet — send a test')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send test for Checkout trouble' })).toBeInTheDocument();
  });

  it('lets read-only people read the log but not send tests or redeliver', async () => {
    const { user } = renderPage('analyst', { 'GET /v1/alerts/alr_2/deliveries': { body: [pendingDelivery] } });
    const signups = await screen.findByRole('listitem', { name: 'Sign-ups' });
    expect(screen.queryByRole('button', { name: /send test/i })).not.toBeInTheDocument();

    await user.click(within(signups).getByRole('button', { name: 'Deliveries of Sign-ups' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries of “Sign-ups”' });
    expect(await within(dialog).findByRole('listitem', { name: 'Custom msg_pending' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Redeliver' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /send test/i })).not.toBeInTheDocument();
  });
});
