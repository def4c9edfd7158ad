// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Alert, Webhook } from '../../../../api/client/types.gen.ts';
import { mockApi, requestsTo, meAs, type MockRequest } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { chatAlert, webhook, webhookAlert, websites } from '../test/fixtures.ts';
import { AlertsPage } from './alerts/alerts-page.tsx';
import { WebhooksPage } from './webhooks/webhooks-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FLAG = 'Its webhook was switched off after 3 days without a successful delivery';

/**
 * A server holding one switched-off webhook and an alert flagged because of it. As the real server does,
 * switching the webhook back on clears the flag of every alert that sends to it.
 */
function serveSwitchedOffWebhook() {
  let storedWebhook: Webhook = {
    ...webhook,
    enabled: false,
    failing_since: 1_740_000_000,
    disabled_reason: 'No successful delivery for 3 days',
  };
  let alerts: Alert[] = [chatAlert, { ...webhookAlert, enabled: true, flagged_reason: FLAG, target_healthy: false }];
  const requests = mockApi({
    'GET /v1/auth/me': { body: meAs('admin') },
    'GET /v1/websites': { body: websites },
    'GET /v1/alerts': () => ({ body: alerts }),
    'GET /v1/webhooks': () => ({ body: [storedWebhook] }),
    'PUT /v1/webhooks/wh_1': ({ body }: MockRequest) => {
      const update = body as Pick<Webhook, 'url' | 'website_id' | 'version' | 'enabled'>;
      const reEnabled = update.enabled && !storedWebhook.enabled;
      storedWebhook = { ...storedWebhook, ...update };
      if (reEnabled) {
        storedWebhook = { ...storedWebhook, failing_since: null, disabled_reason: null };
        alerts = alerts.map((alert) =>
          alert.webhook_id === 'wh_1' ? { ...alert, flagged_reason: null, target_healthy: true } : alert,
        );
      }
      return { body: storedWebhook };
    },
  });
  return requests;
}

describe('notifications: what one page changes, the other shows', () => {
  it('refreshes the alerts once their webhook is switched back on', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serveSwitchedOffWebhook();
    renderWithProviders(
      <>
        <AlertsPage />
        <WebhooksPage />
      </>,
    );

    const signups = await screen.findByRole('listitem', { name: 'Sign-ups' });
    expect(signups).toHaveTextContent(FLAG);
    expect(within(signups).getByText('Target failing')).toBeInTheDocument();

    await user.click(
      within(await screen.findByRole('listitem', { name: webhook.url })).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    await user.click(within(dialog).getByRole('switch', { name: /Enabled/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(signups).getByText('Target healthy')).toBeInTheDocument());
    expect(signups).not.toHaveTextContent(FLAG);
    expect(requestsTo(requests, 'PUT /v1/webhooks/wh_1')[0]?.body).toMatchObject({ enabled: true });
    expect(requestsTo(requests, 'GET /v1/alerts')).toHaveLength(2);
  });

  it('refreshes the alerts when the webhook is switched back on from a page of its own', async () => {
    const user = userEvent.setup({ delay: null });
    serveSwitchedOffWebhook();
    const { unmount, queryClient } = renderWithProviders(<AlertsPage />);
    expect(await screen.findByRole('listitem', { name: 'Sign-ups' })).toHaveTextContent(FLAG);
    unmount();

    // The alerts stay cached while the person is on the webhooks page; they must not come back stale.
    renderWithProviders(<WebhooksPage />, { queryClient });
    await user.click(
      within(await screen.findByRole('listitem', { name: webhook.url })).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    await user.click(within(dialog).getByRole('switch', { name: /Enabled/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    cleanup();

    renderWithProviders(<AlertsPage />, { queryClient });
    const signups = await screen.findByRole('listitem', { name: 'Sign-ups' });
    await waitFor(() => expect(within(signups).getByText('Target healthy')).toBeInTheDocument());
    expect(signups).not.toHaveTextContent(FLAG);
  });

  it('lists a webhook registered from the alert form on the webhooks page at once, with its secret', async () => {
    const user = userEvent.setup({ delay: null });
    const created: Webhook = { ...webhook, webhook_id: 'wh_new', url: 'https://hooks.example.com/new' };
    const stored: Webhook[] = [];
    const requests = mockApi({
      'GET /v1/auth/me': { body: meAs('admin') },
      'GET /v1/websites': { body: websites },
      'GET /v1/alerts': { body: [] },
      'GET /v1/webhooks': () => ({ body: stored }),
      'POST /v1/webhooks': () => {
        stored.push(created);
        return { status: 201, body: { ...created, secret: 'whsec_new' } };
      },
    });
    renderWithProviders(
      <>
        <AlertsPage />
        <WebhooksPage />
      </>,
    );
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Create your first alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an alert' });
    await user.click(within(dialog).getByRole('radio', { name: 'Webhook' }));
    const register = await within(dialog).findByRole('group', { name: 'Register a webhook' });
    await user.type(within(register).getByRole('textbox', { name: 'Webhook URL' }), created.url);
    await user.click(within(register).getByRole('combobox', { name: /^Website/ }));
    await user.click(await screen.findByRole('option', { name: 'Shop (shop.example.com)' }));
    await user.click(within(register).getByRole('button', { name: 'Register webhook' }));
    expect(await within(dialog).findByRole('combobox', { name: /^Webhook/ })).toHaveTextContent(created.url);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const row = await screen.findByRole('listitem', { name: created.url });
    expect(screen.queryByText('No webhooks yet.')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Reveal' }));
    expect(await within(row).findByText('whsec_new')).toBeInTheDocument();
    expect(requests.some((request) => request.path.endsWith('/secret'))).toBe(false);
  });
});
