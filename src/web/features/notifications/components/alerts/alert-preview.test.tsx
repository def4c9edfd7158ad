// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PreviewAlertResponse } from '../../../../../api/client/types.gen.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { errorReply, mockApi, requestsTo, type MockReply, type MockRoutes } from '../../../../test/mock-api.ts';
import { chatAlert, webhook, website } from '../../test/fixtures.ts';
import { AlertFormDialog } from './alert-form-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PREVIEW = 'POST /v1/alerts/preview';

const answer = (overrides: Partial<PreviewAlertResponse> = {}): MockReply => ({
  body: {
    from: '2025-03-01T10:00:00.000Z',
    to: '2025-03-08T10:00:00.000Z',
    scanned_events: 40,
    matches: 40,
    fires: 40,
    messages: 5,
    held_back: 35,
    truncated: false,
    ...overrides,
  } satisfies PreviewAlertResponse,
});

function renderForm(routes: MockRoutes, alert?: typeof chatAlert) {
  const requests = mockApi({
    'GET /v1/webhooks': { body: [webhook] },
    'GET /v1/websites': { body: [website] },
    ...routes,
  });
  renderWithProviders(<AlertFormDialog alert={alert} canRegisterWebhook onClose={vi.fn()} />);
  return { requests, user: userEvent.setup({ delay: null }) };
}

const preview = () => screen.getByRole('region', { name: 'Last 7 days' });

describe('alert form: the 7-day preview', () => {
  it('shows how often the new rule would have fired and how many messages flood control would have sent', async () => {
    const { requests } = renderForm({ [PREVIEW]: answer() });
    await waitFor(() =>
      expect(preview()).toHaveTextContent(
        '40 matching events. It would have sent 5 messages; flood control would have folded 35 into them.',
      ),
    );
    expect(requestsTo(requests, PREVIEW).map((request) => request.body)).toEqual([
      { events: [{ kind: 25, value: '' }], webhook_id: null, threshold_count: null, threshold_window_minutes: null },
    ]);
  });

  it('asks once per pause in typing, with the rule as typed', async () => {
    const { requests, user } = renderForm({ [PREVIEW]: answer() });
    await waitFor(() => expect(requestsTo(requests, PREVIEW)).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Message contains (optional)' }), 'TypeError');
    await waitFor(() => expect(requestsTo(requests, PREVIEW)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 700));
    const sent = requestsTo(requests, PREVIEW);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toMatchObject({ events: [{ kind: 25, value: 'TypeError' }] });
  });

  it('sends the threshold and says how many matches reached it', async () => {
    const { requests, user } = renderForm({
      [PREVIEW]: (request) =>
        (request.body as { threshold_count: number | null }).threshold_count === null
          ? answer()
          : answer({ fires: 6, messages: 2, held_back: 4 }),
    });
    await user.click(screen.getByRole('checkbox', { name: 'Only when it happens often' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'At least (matches)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'At least (matches)' }), '8');
    await waitFor(() =>
      expect(preview()).toHaveTextContent(
        '40 matching events, 6 reached the threshold. It would have sent 2 messages; flood control would have folded 4 into them.',
      ),
    );
    expect(requestsTo(requests, PREVIEW).at(-1)?.body).toMatchObject({
      threshold_count: 8,
      threshold_window_minutes: 10,
    });
  });

  it('waits with a progress bar while counting, and asks nothing while the rule is incomplete', async () => {
    let settle: (reply: MockReply) => void = () => undefined;
    const { requests, user } = renderForm({ [PREVIEW]: () => new Promise<MockReply>((resolve) => (settle = resolve)) });
    expect(await screen.findByText('Counting the stored events…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Updating the preview' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(requests, PREVIEW)).toHaveLength(1));
    settle(answer({ matches: 0, fires: 0, messages: 0, held_back: 0 }));
    await waitFor(() => expect(preview()).toHaveTextContent('No stored event matches this rule.'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());

    await user.click(screen.getByRole('checkbox', { name: 'Only when it happens often' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Within (minutes)' }));
    expect(preview()).toHaveTextContent('Complete the events above');
  });

  it('says when the preview fails, with the request id, and the form still saves', async () => {
    renderForm({ [PREVIEW]: errorReply(500, 'api_error', 'internal', 'Something broke') });
    await waitFor(() =>
      expect(preview()).toHaveTextContent('The preview could not be loaded: Something broke (request id req_test123)'),
    );
    expect(screen.getByRole('button', { name: 'Create alert' })).toBeEnabled();
  });

  it('says when a busy site was only partly examined', async () => {
    renderForm({ [PREVIEW]: answer({ truncated: true, scanned_events: 20000 }) });
    await waitFor(() =>
      expect(preview()).toHaveTextContent('only the newest 20,000 events of these kinds were examined'),
    );
  });

  it('previews an alert being edited with its own events and quiet period', async () => {
    const { requests } = renderForm({ [PREVIEW]: answer() }, { ...chatAlert, quiet_period_minutes: 15 });
    await waitFor(() => expect(requestsTo(requests, PREVIEW)).toHaveLength(1));
    expect(requestsTo(requests, PREVIEW)[0]?.body).toMatchObject({
      events: chatAlert.events,
      quiet_period_minutes: 15,
    });
  });
});
