// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { errorReply, meAs, mockApi } from '../../../../test/mock-api.ts';
import { baseRoutes, webhook } from '../../test/fixtures.ts';
import { WebhooksPage } from './webhooks-page.tsx';

async function findWebhookRow() {
  return screen.findByRole('listitem', { name: webhook.url });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WebhooksPage', () => {
  it('lists each webhook with its website, version, state and author', async () => {
    mockApi(baseRoutes('admin'));
    renderWithProviders(<WebhooksPage />);

    const row = within(await findWebhookRow());
    expect(row.getByText('Shop')).toBeInTheDocument();
    expect(row.getByText('v1.0')).toBeInTheDocument();
    expect(row.getByText('Enabled')).toBeInTheDocument();
    expect(row.getByText('ana@acme.test')).toBeInTheDocument();
    expect(row.getByText('Created')).toBeInTheDocument();
  });

  it('explains which alerts still use a webhook when deleting it is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = mockApi({
      ...baseRoutes('admin'),
      'DELETE /v1/webhooks/wh_1': errorReply(
        409,
        'conflict_error',
        'webhook_in_use',
        'The webhook is used by alert Checkout errors; point them elsewhere first',
      ),
    });
    renderWithProviders(<WebhooksPage />);

    await user.click(within(await findWebhookRow()).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Alerts still send to this webhook');
    expect(alert).toHaveTextContent('The webhook is used by alert Checkout errors');
    expect(alert).not.toHaveTextContent('Something went wrong');
    expect(requests.some((request) => request.method === 'DELETE' && request.path === '/v1/webhooks/wh_1')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Delete this webhook?' })).toBeInTheDocument();
  });

  it('shows the list read-only to people who cannot manage webhooks', async () => {
    const requests = mockApi(baseRoutes('analyst'));
    renderWithProviders(<WebhooksPage />);

    await screen.findByText(/You can look at webhooks but not change them/);
    const row = within(await findWebhookRow());
    expect(row.getByText('ana@acme.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register webhook' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rotate' })).not.toBeInTheDocument();
    expect(screen.queryByText('Signing secret')).not.toBeInTheDocument();
    expect(requests.some((request) => request.path.endsWith('/secret'))).toBe(false);
  });

  it('puts a server rejection of the URL on the URL field', async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'The webhook host 10.0.0.8 is not a public internet address.';
    const requests = mockApi({
      ...baseRoutes('admin'),
      'POST /v1/webhooks': errorReply(400, 'validation_error', 'internal_address', message, 'url'),
    });
    renderWithProviders(<WebhooksPage />);

    await user.click(await screen.findByRole('button', { name: 'Register webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Webhook URL' }), 'https://10.0.0.8/hook');
    await user.click(within(dialog).getByRole('combobox', { name: /Website/ }));
    await user.click(await screen.findByRole('option', { name: 'Shop (shop.example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    const url = within(dialog).getByRole('textbox', { name: 'Webhook URL' });
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(message);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      url: 'https://10.0.0.8/hook',
      website_id: 'web_1',
      version: 'v1.0',
    });
  });

  it('saves an edit with the version in the query and the body', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = mockApi({
      ...baseRoutes('admin'),
      'PUT /v1/webhooks/wh_1': ({ body }) => ({ body: { ...webhook, ...(body as object) } }),
    });
    renderWithProviders(<WebhooksPage />);

    await user.click(within(await findWebhookRow()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    await user.click(within(dialog).getByRole('switch', { name: /Enabled/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.query.get('version')).toBe('v1.0');
    expect(put?.body).toEqual({ url: webhook.url, website_id: 'web_1', version: 'v1.0', enabled: false });
  });

  it('tells support once that they cannot view webhooks, without asking for them', async () => {
    const requests = mockApi({
      'GET /v1/auth/me': {
        body: { ...meAs('analyst'), permissions: ['users.sessions:read', 'websites:read'] },
      },
      'GET /v1/webhooks': errorReply(
        403,
        'permission_error',
        'forbidden',
        'This request needs the webhooks:read scope',
      ),
    });
    renderWithProviders(<WebhooksPage />);

    expect(await screen.findByText('You don’t have access to webhooks')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    expect(screen.queryByText(/You can look at webhooks/)).not.toBeInTheDocument();
    expect(screen.queryByText(/needs the webhooks:read scope/)).not.toBeInTheDocument();
    expect(requests.some((request) => request.path === '/v1/webhooks')).toBe(false);
  });

  it('shows a sample payload of each event name, collapsed until opened, in monospace and copyable', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi(baseRoutes('analyst'));
    renderWithProviders(<WebhooksPage />);

    const samples = await screen.findByRole('region', { name: 'Payload samples' });
    const names = ['Click', 'DoubleClick', 'ErrorClick', 'RageClick', 'Log', 'JSError', 'Custom', 'NetLog', 'NetError'];
    for (const name of names)
      expect(within(samples).getByRole('button', { name })).toHaveAttribute('aria-expanded', 'false');
    expect(within(samples).queryByLabelText('Sample RageClick payload')).not.toBeInTheDocument();

    await user.click(within(samples).getByRole('button', { name: 'RageClick' }));
    const sample = await within(samples).findByLabelText('Sample RageClick payload');
    expect(sample.tagName).toBe('PRE');
    const body = JSON.parse(sample.textContent ?? '') as Record<string, unknown>;
    expect(body).toMatchObject({
      webhook_type: 'session.event',
      payload: { event_name: 'RageClick', clicks: expect.any(Number), session_url: expect.stringMatching(/\?t=\d+$/) },
      suppressed_count: expect.any(Number),
      suppressed_since: expect.any(Number),
    });

    await user.click(within(samples).getByRole('button', { name: 'Copy the RageClick sample' }));
    expect(await navigator.clipboard.readText()).toBe(sample.textContent);
  });
});
