// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetSessionsResponse } from '../../../../api/client/types.gen.ts';
import { makeSession } from '../../../components/sessions/make-session.ts';
import { type MockReply, errorReply, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SessionsPage } from './sessions-page.tsx';

const ME = {
  account: { account_id: 'acc_1', name: 'Demo' },
  user: {
    user_id: 'usr_1',
    email: 'support@demo.example',
    name: 'Support',
    role: 'support',
    created_at: 1_700_000_000,
  },
  token_name: null,
  permissions: ['users.sessions:read', 'websites:read'],
};

// The data grid renders slowly under jsdom.
configure({ asyncUtilTimeout: 8000 });

function listReply(total: number, from?: string): MockReply {
  const body: GetSessionsResponse = {
    total,
    page: { num: 0, size: 25 },
    sessions: [makeSession()],
    ...(from ? { date_range: { from, to: null, tz: 'UTC' } } : {}),
  };
  return { body };
}

let respondWith: (query: URLSearchParams) => MockReply | Promise<MockReply>;
let sessionRequests: URLSearchParams[] = [];

beforeEach(() => {
  sessionRequests = [];
  respondWith = () => listReply(1234);
  mockApi({
    'GET /v1/auth/me': { body: ME },
    'GET /v1/sessions': ({ query }) => {
      sessionRequests.push(query);
      return respondWith(query);
    },
  });
});

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

async function chooseYesterday(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: 'Dates' }));
  await user.click(screen.getByRole('option', { name: 'Yesterday' }));
}

describe('SessionsPage states', () => {
  it.each([
    [
      400,
      errorReply(400, 'validation_error', 'invalid_date_range', 'date_from must not be after date_to', 'date_from'),
    ],
    [500, errorReply(500, 'api_error', 'internal', 'Something failed on our side')],
  ])('shows only the error, with its request id, when the list answers %i', async (_status, reply) => {
    respondWith = () => reply;
    renderPage('/sessions?date_from=YESTERDAY&date_to=TODAY');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sessions could not be loaded');
    expect(alert).toHaveTextContent('req_test123');
    expect(screen.queryByText('Loading sessions…')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Updating the sessions' })).not.toBeInTheDocument();
  });

  it("marks the previous view's count and range as updating until the new filter's answer arrives", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    const count = await screen.findByText('1,234 sessions');
    const summary = count.closest('[aria-busy]');
    expect(summary).toHaveAttribute('aria-busy', 'false');

    let answer: (reply: MockReply) => void = () => {};
    respondWith = () => new Promise((resolve) => (answer = resolve));
    await chooseYesterday(user);

    expect(await screen.findByRole('progressbar', { name: 'Updating the sessions' })).toBeInTheDocument();
    expect(screen.getByText('1,234 sessions').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');

    act(() => answer(listReply(7, '2026-11-21T00:00:00.000Z')));
    const fresh = await screen.findByText('7 sessions');
    expect(fresh.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('progressbar', { name: 'Updating the sessions' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Showing 21 Nov 2026 00:00/)).toBeInTheDocument();
  });

  it('says at once that it is offline and the rows are the previous ones, and catches up when back online', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('1,234 sessions');

    act(() => void window.dispatchEvent(new Event('offline')));
    await chooseYesterday(user);

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('The dashboard is offline. The sessions shown are the previous ones');
    expect(screen.getByText('Ana Lima · ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('1,234 sessions').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(sessionRequests.some((query) => query.get('date_from') === 'YESTERDAY')).toBe(false);

    respondWith = () => listReply(7, '2026-11-21T00:00:00.000Z');
    act(() => void window.dispatchEvent(new Event('online')));

    expect(await screen.findByText('7 sessions')).toBeInTheDocument();
    expect(sessionRequests.at(-1)?.get('date_from')).toBe('YESTERDAY');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('says that the first sessions load once back online when the page opens offline', async () => {
    onlineManager.setOnline(false);
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The dashboard is offline. The sessions load by themselves when the connection returns.',
    );
    expect(sessionRequests).toHaveLength(0);

    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('1,234 sessions')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

function renderPage(route = '/sessions') {
  return renderWithProviders(<SessionsPage />, { route });
}
