// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { chatAlert, webhook, website } from '../../test/fixtures.ts';
import { errorReply, mockApi, requestsTo, type MockRoutes } from '../../../../test/mock-api.ts';
import { AlertFormDialog } from './alert-form-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(routes: MockRoutes = {}, alert = undefined as typeof chatAlert | undefined) {
  const requests = mockApi({
    'GET /v1/webhooks': { body: [webhook] },
    'GET /v1/websites': { body: [website] },
    ...routes,
  });
  const onClose = vi.fn();
  renderWithProviders(<AlertFormDialog alert={alert} canRegisterWebhook onClose={onClose} />);
  return { requests, onClose, user: userEvent.setup({ delay: null }) };
}

async function chooseKind(user: UserEvent, row: number, label: string) {
  const group = screen.getByRole('group', { name: `Event ${row}` });
  await user.click(within(group).getByRole('combobox'));
  await user.click(await screen.findByRole('option', { name: label }));
  return group;
}

async function fillValidChatAlert(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Checkout trouble');
  await user.type(screen.getByRole('textbox', { name: 'Chat channel' }), 'support');
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Create alert' }));

describe('alert form: provider', () => {
  it('shows the chat channel field for chat and the webhook picker for webhooks, never both', async () => {
    const { user } = renderForm();
    expect(screen.getByRole('radio', { name: 'Chat' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Chat channel' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Webhook/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Webhook' }));
    const picker = await screen.findByRole('combobox', { name: /^Webhook/ });
    expect(screen.queryByRole('textbox', { name: 'Chat channel' })).not.toBeInTheDocument();
    await waitFor(() => expect(picker).not.toHaveAttribute('aria-disabled'));
    await user.click(picker);
    const option = await screen.findByRole('option', { name: /hooks\.example\.com\/alerts/ });
    expect(option).toHaveTextContent('Shop');
    await user.click(option);
    expect(picker).toHaveTextContent('https://hooks.example.com/alerts');

    await user.click(screen.getByRole('radio', { name: 'Chat' }));
    expect(screen.getByRole('textbox', { name: 'Chat channel' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Webhook/ })).not.toBeInTheDocument();
  });

  it('says chat is not configured, and what to set, while the server has no chat bot', async () => {
    const { user } = renderForm({
      'GET /v1/notifications/settings': {
        body: { chat: { configured: false, required_settings: ['CHAT_BOT_TOKEN'] } },
      },
    });
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Chat is not configured');
    expect(warning).toHaveTextContent('CHAT_BOT_TOKEN is set on the server');
    await user.click(screen.getByRole('radio', { name: 'Webhook' }));
    expect(screen.queryByText(/Chat is not configured/)).not.toBeInTheDocument();
  });

  it('says nothing about chat when the server has it configured', async () => {
    const { requests } = renderForm({
      'GET /v1/notifications/settings': { body: { chat: { configured: true, required_settings: ['CHAT_BOT_TOKEN'] } } },
    });
    await waitFor(() => expect(requests.some((request) => request.path === '/v1/notifications/settings')).toBe(true));
    expect(screen.queryByText(/Chat is not configured/)).not.toBeInTheDocument();
  });

  it('sends to the picked webhook, without a chat channel', async () => {
    const { user, requests } = renderForm({ 'POST /v1/alerts': { status: 201, body: chatAlert } });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Errors');
    await user.click(screen.getByRole('radio', { name: 'Webhook' }));
    await submit(user);
    expect(await screen.findByRole('combobox', { name: /^Webhook/ })).toHaveAccessibleDescription('Choose a webhook');

    await user.click(screen.getByRole('combobox', { name: /^Webhook/ }));
    await user.click(await screen.findByRole('option', { name: /hooks\.example\.com\/alerts/ }));
    await submit(user);
    await waitFor(() => expect(requestsTo(requests, 'POST /v1/alerts')).toHaveLength(1));
    expect(requestsTo(requests, 'POST /v1/alerts')[0]?.body).toEqual({
      name: 'Errors',
      events: [{ kind: 25, value: '' }],
      provider: 'webhooks',
      chat_channel_id: null,
      webhook_id: 'wh_1',
    });
  });

  it('registers a webhook inline when the account has none, then selects it', async () => {
    const created = { ...webhook, webhook_id: 'wh_new', url: 'https://hooks.example.com/new' };
    const stored: (typeof webhook)[] = [];
    const { user, requests } = renderForm({
      'GET /v1/webhooks': () => ({ body: stored }),
      'POST /v1/webhooks': () => {
        stored.push(created);
        return { status: 201, body: created };
      },
    });
    await user.click(screen.getByRole('radio', { name: 'Webhook' }));
    const register = await screen.findByRole('group', { name: 'Register a webhook' });
    expect(screen.getByText(/no webhook yet/i)).toBeInTheDocument();

    await user.type(within(register).getByRole('textbox', { name: 'Webhook URL' }), 'https://hooks.example.com/new');
    await user.click(within(register).getByRole('combobox', { name: /^Website/ }));
    await user.click(await screen.findByRole('option', { name: 'Shop (shop.example.com)' }));
    await user.click(within(register).getByRole('button', { name: 'Register webhook' }));

    expect(await screen.findByRole('combobox', { name: /^Webhook/ })).toHaveTextContent(
      'https://hooks.example.com/new',
    );
    expect(screen.queryByRole('group', { name: 'Register a webhook' })).not.toBeInTheDocument();
    expect(requestsTo(requests, 'POST /v1/webhooks')[0]?.body).toEqual({
      url: 'https://hooks.example.com/new',
      website_id: 'web_1',
      version: 'v1.0',
    });
  });
});

describe('alert form: events', () => {
  it('labels the value by kind and takes 3 to 100 rapid clicks for a rage click', async () => {
    const { user, requests } = renderForm({ 'POST /v1/alerts': { status: 201, body: chatAlert } });
    await fillValidChatAlert(user);
    const row = await chooseKind(user, 1, 'Rage click');
    const clicks = within(row).getByRole('textbox', { name: 'Minimum rapid clicks' });
    expect(clicks).toHaveValue('5');

    await user.clear(clicks);
    await user.type(clicks, '2');
    await submit(user);
    await waitFor(() => expect(clicks).toHaveAccessibleDescription('Enter a whole number from 3 to 100'));
    expect(clicks).toHaveAttribute('aria-invalid', 'true');

    await user.clear(clicks);
    await user.type(clicks, 'abc');
    await submit(user);
    expect(clicks).toHaveAccessibleDescription('Enter a whole number from 3 to 100');
    expect(requestsTo(requests, 'POST /v1/alerts')).toHaveLength(0);

    await user.clear(clicks);
    await user.type(clicks, '5');
    await waitFor(() => expect(clicks).toHaveAccessibleDescription('A whole number from 3 to 100.'));
    await submit(user);
    await waitFor(() => expect(requestsTo(requests, 'POST /v1/alerts')).toHaveLength(1));
    expect(requestsTo(requests, 'POST /v1/alerts')[0]?.body).toMatchObject({
      events: [{ kind: 21, value: '5' }],
    });
  });

  it('requires a custom event name, and explains that other values may be empty', async () => {
    const { user } = renderForm();
    await fillValidChatAlert(user);
    const first = screen.getByRole('group', { name: 'Event 1' });
    expect(within(first).getByRole('textbox', { name: 'Message contains (optional)' })).toHaveAccessibleDescription(
      'Leave empty to match any JavaScript error.',
    );
    await chooseKind(user, 1, 'Click');
    expect(within(first).getByRole('textbox', { name: 'Text or CSS selector (optional)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add event' }));
    const second = await chooseKind(user, 2, 'Custom event');
    const name = within(second).getByRole('textbox', { name: 'Event name' });
    await submit(user);
    await waitFor(() => expect(name).toHaveAccessibleDescription("Enter the custom event's name"));
    expect(within(first).getByRole('textbox', { name: 'Text or CSS selector (optional)' })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
  });

  it('adds and removes rows, keeping at least one', async () => {
    const { user } = renderForm();
    expect(screen.getByRole('button', { name: 'Remove event 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add event' }));
    expect(screen.getAllByRole('group', { name: /^Event \d+$/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove event 1' }));
    expect(screen.getAllByRole('group', { name: /^Event \d+$/ })).toHaveLength(1);
  });

  it('makes a 21st event impossible', async () => {
    const nineteen = { ...chatAlert, events: Array.from({ length: 19 }, () => ({ kind: 25 as const, value: '' })) };
    const { user } = renderForm({}, nineteen);
    const add = screen.getByRole('button', { name: 'Add event' });
    await user.click(add);
    expect(screen.getAllByRole('group', { name: /^Event \d+$/ })).toHaveLength(20);
    expect(add).toBeDisabled();
    expect(screen.getByText('An alert watches at most 20 events.')).toBeInTheDocument();
  });
});

describe('alert form: server errors', () => {
  it('puts an error on the chat channel field when the server names it', async () => {
    const { user, onClose } = renderForm({
      'POST /v1/alerts': errorReply(
        400,
        'validation_error',
        'required',
        'chat_channel_id is required when provider is chat',
        'chat_channel_id',
      ),
    });
    await fillValidChatAlert(user);
    await submit(user);
    expect(await screen.findByRole('textbox', { name: 'Chat channel' })).toHaveAccessibleDescription(
      'chat_channel_id is required when provider is chat',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it.each([
    [
      'channel_not_found',
      'The chat bot sees no channel #nowhere: check the name (a private channel must have the bot invited)',
    ],
    ['not_in_channel', 'The chat bot is not in #nowhere: invite it to the channel, then save again'],
  ])('shows the chat API’s %s on the chat channel field', async (code, message) => {
    const { user, onClose } = renderForm({
      'POST /v1/alerts': errorReply(400, 'validation_error', code, message, 'chat_channel_id'),
    });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Checkout trouble');
    await user.type(screen.getByRole('textbox', { name: 'Chat channel' }), '#nowhere');
    await submit(user);
    expect(await screen.findByRole('textbox', { name: 'Chat channel' })).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts an error on the value of the event the server names', async () => {
    const { user } = renderForm({
      'POST /v1/alerts': errorReply(
        400,
        'validation_error',
        'invalid_value',
        'That value is not allowed',
        'events.0.value',
      ),
    });
    await fillValidChatAlert(user);
    await user.type(screen.getByRole('textbox', { name: 'Message contains (optional)' }), 'checkout');
    await submit(user);
    const row = screen.getByRole('group', { name: 'Event 1' });
    await waitFor(() =>
      expect(within(row).getByRole('textbox', { name: 'Message contains (optional)' })).toHaveAccessibleDescription(
        'That value is not allowed',
      ),
    );
  });

  it('shows any other failure above the form with its request id', async () => {
    const { user } = renderForm({
      'POST /v1/alerts': () => errorReply(503, 'api_error', 'unavailable', 'Try again shortly'),
    });
    await fillValidChatAlert(user);
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The alert could not be created');
    expect(alert).toHaveTextContent('Try again shortly');
    expect(alert).toHaveTextContent('req_test123');
  });
});

describe('alert form: edit', () => {
  it('starts from the alert, saves it with PUT and closes', async () => {
    const { user, requests, onClose } = renderForm({ 'PUT /v1/alerts/alr_1': { body: chatAlert } }, chatAlert);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Checkout trouble');
    expect(screen.getByRole('textbox', { name: 'Minimum rapid clicks' })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'Chat channel' })).toHaveValue('support');

    await user.clear(screen.getByRole('textbox', { name: 'Chat channel' }));
    await user.type(screen.getByRole('textbox', { name: 'Chat channel' }), 'ops');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requestsTo(requests, 'PUT /v1/alerts/alr_1')[0]?.body).toEqual({
      name: 'Checkout trouble',
      events: chatAlert.events,
      provider: 'chat',
      chat_channel_id: 'ops',
      webhook_id: null,
    });
  });
});
