// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '../../../../../api/client/types.gen.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { chatAlert, webhook, webhookAlert } from '../../test/fixtures.ts';
import {
  ADMIN_PERMISSIONS,
  ANALYST_PERMISSIONS,
  SUPPORT_PERMISSIONS,
  meWith,
  errorReply,
  mockApi,
  requestsTo,
  type MockReply,
  type MockRoutes,
} from '../../../../test/mock-api.ts';
import { AlertsPage } from './alerts-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(permissions: string[], routes: MockRoutes = {}) {
  const requests = mockApi({
    'GET /v1/auth/me': { body: meWith(permissions) },
    'GET /v1/alerts': { body: [chatAlert, webhookAlert] },
    'GET /v1/webhooks': { body: [webhook] },
    ...routes,
  });
  renderWithProviders(<AlertsPage />, { route: '/alerts' });
  return { requests, user: userEvent.setup({ delay: null }) };
}

describe('AlertsPage', () => {
  it('shows each alert as a sentence with its target, state and creation date', async () => {
    renderPage(ADMIN_PERMISSIONS);
    const checkout = await screen.findByRole('listitem', { name: 'Checkout trouble' });
    expect(checkout).toHaveTextContent(
      "Rage click of 5+ clicks or JavaScript error containing 'checkout' → chat #support",
    );
    expect(within(checkout).getByRole('switch', { name: 'Alert Checkout trouble on' })).toBeChecked();
    const created = within(checkout)
      .getByText(/^Created/)
      .querySelector('time');
    expect(created).toHaveAttribute('dateTime', '2025-03-01T10:00:00.000Z');
    expect(created).toHaveTextContent(/2025/);

    const signups = screen.getByRole('listitem', { name: 'Sign-ups' });
    await waitFor(() =>
      expect(signups).toHaveTextContent("Custom event 'signup' → webhook https://hooks.example.com/alerts"),
    );
    expect(within(signups).getByRole('switch', { name: 'Alert Sign-ups on' })).not.toBeChecked();
  });

  it('gives admins create, edit, delete and the switch', async () => {
    renderPage(ADMIN_PERMISSIONS);
    const checkout = await screen.findByRole('listitem', { name: 'Checkout trouble' });
    expect(screen.getByRole('button', { name: 'Create alert' })).toBeInTheDocument();
    expect(within(checkout).getByRole('button', { name: 'Edit Checkout trouble' })).toBeInTheDocument();
    expect(within(checkout).getByRole('button', { name: 'Delete Checkout trouble' })).toBeInTheDocument();
    expect(within(checkout).getByRole('switch')).toBeEnabled();
  });

  it('lets read-only people see alerts but not change them', async () => {
    renderPage(ANALYST_PERMISSIONS);
    const checkout = await screen.findByRole('listitem', { name: 'Checkout trouble' });
    expect(checkout).toHaveTextContent(
      "Rage click of 5+ clicks or JavaScript error containing 'checkout' → chat #support",
    );
    expect(screen.queryByRole('button', { name: /create/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /edit/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    for (const toggle of screen.getAllByRole('switch')) expect(toggle).toBeDisabled();
    expect(screen.getAllByText(/You can look at alerts but not change them or switch them on or off/)).toHaveLength(1);
  });

  it('tells people who cannot read alerts that they lack access, without asking for them', async () => {
    const { requests } = renderPage(SUPPORT_PERMISSIONS);
    expect(await screen.findByText('You don’t have access to alerts')).toBeInTheDocument();
    expect(requestsTo(requests, 'GET /v1/alerts')).toHaveLength(0);
  });

  it('invites admins to create the first alert', async () => {
    const { user } = renderPage(ADMIN_PERMISSIONS, { 'GET /v1/alerts': { body: [] } });
    await user.click(await screen.findByRole('button', { name: 'Create your first alert' }));
    expect(await screen.findByRole('dialog', { name: 'Create an alert' })).toBeInTheDocument();
  });

  it('shows a failed load with its request id', async () => {
    renderPage(ADMIN_PERMISSIONS, {
      'GET /v1/alerts': errorReply(403, 'authorization_error', 'insufficient_scope', 'Needs alerts:read'),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Alerts could not be loaded');
    expect(alert).toHaveTextContent('req_test123');
  });

  it('deletes an alert after a confirmation that names it', async () => {
    let alerts: Alert[] = [chatAlert, webhookAlert];
    const { user, requests } = renderPage(ADMIN_PERMISSIONS, {
      'GET /v1/alerts': () => ({ body: alerts }),
      'DELETE /v1/alerts/alr_1': () => {
        alerts = [webhookAlert];
        return { body: { alert_id: 'alr_1', deleted: true } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Checkout trouble' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this alert?' });
    expect(dialog).toHaveTextContent('“Checkout trouble” will stop sending notifications');
    await user.click(within(dialog).getByRole('button', { name: 'Delete alert' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Checkout trouble' })).not.toBeInTheDocument());
    expect(requestsTo(requests, 'DELETE /v1/alerts/alr_1')).toHaveLength(1);
  });

  it('switches an alert off at once, and back on when the server refuses', async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    const { user, requests } = renderPage(ADMIN_PERMISSIONS, {
      'PUT /v1/alerts/alr_1': () => new Promise<MockReply>((resolve) => (answer = resolve)),
    });
    const toggle = await screen.findByRole('switch', { name: 'Alert Checkout trouble on' });
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(requestsTo(requests, 'PUT /v1/alerts/alr_1')[0]?.body).toEqual({ enabled: false });

    answer(errorReply(500, 'api_error', 'internal', 'Something broke'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The alert could not be switched off');
    expect(toggle).toBeChecked();
  });

  it('shows the sessions that last triggered an alert, with time and visitor, each linked at its moment', async () => {
    const { requests } = renderPage(ANALYST_PERMISSIONS, {
      'GET /v1/alerts/alr_1/matches': {
        body: [
          {
            delivery_id: 'msg_2',
            event_name: 'JSError',
            time: '2025-03-04T08:30:00.000Z',
            session_id: 'ses_2',
            session_url: 'https://analytics.example.com/sessions/ses_2?t=42',
            visitor: { id: 'vis_2', name: 'Marie Curie', email: 'marie@example.com' },
          },
          {
            delivery_id: 'msg_1',
            event_name: 'RageClick',
            time: '2025-03-04T08:00:00.000Z',
            session_id: 'ses_1',
            session_url: 'https://analytics.example.com/sessions/ses_1?t=7',
            visitor: { id: 'vis_1', name: '', email: '' },
          },
        ],
      },
    });
    const checkout = await screen.findByRole('listitem', { name: 'Checkout trouble' });
    const matches = await within(checkout).findByRole('list', { name: 'Recent matches' });
    const links = within(matches).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['JSError by Marie Curie', '/sessions/ses_2?t=42'],
      ['RageClick by vis_1', '/sessions/ses_1?t=7'],
    ]);
    expect(within(matches).getAllByRole('listitem')[0]?.querySelector('time')).toHaveAttribute(
      'dateTime',
      '2025-03-04T08:30:00.000Z',
    );
    expect(requestsTo(requests, 'GET /v1/alerts/alr_1/matches')[0]?.query.get('limit')).toBe('3');
    // An alert that never fired asks for nothing.
    expect(requestsTo(requests, 'GET /v1/alerts/alr_2/matches')).toHaveLength(0);
  });
});
