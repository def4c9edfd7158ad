// @vitest-environment jsdom
/**
 * The sessions list: the sessions with their total and the range the server used, sessions that arrive since,
 * a failure, and a session's drawer.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { getSessionsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { errorReply } from '../../../test/mock-api.ts';
import { makeSession } from '../../../components/sessions/make-session.ts';
import {
  SESSIONS,
  answerSessionsWith,
  mockSessionsApi,
  renderPage,
  sessionRequests,
  sessionsResponse,
} from './sessions-page-fixtures.tsx';

mockSessionsApi();

describe('SessionsPage', () => {
  it('shows the sessions, the total and the exact range the server used', async () => {
    renderPage('/sessions?date_from=TODAY&tz=America%2FNew_York');

    expect(screen.getByRole('heading', { level: 1, name: 'Sessions' })).toBeInTheDocument();
    expect(await screen.findByText('Ana Lima · ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('Anonymous visitor')).toBeInTheDocument();
    expect(screen.getByText('1,234 sessions')).toBeInTheDocument();
    expect(screen.getByText('Showing 22 Nov 2026 00:00 – now, America/New_York')).toBeInTheDocument();
    expect(screen.getByText('22 Nov 2026, 04:30:00')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Dates' })).toHaveTextContent('Today');
    expect(sessionRequests[0]?.get('date_from')).toBe('TODAY');
    expect(sessionRequests[0]?.get('tz')).toBe('America/New_York');
  });

  it('says which parts of a hand-edited link it left out, and takes them out of the address on request', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/sessions?device=mobile&engagement_min=200&tz=Mars%2FOlympus');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'This link has parts the list cannot read, left out: engagement_min=200 (not a score from 0 to 100), tz=Mars/Olympus (not a time zone).',
    );
    expect(sessionRequests[0]?.get('device')).toBe('mobile');
    expect(sessionRequests[0]?.has('engagement_min')).toBe(false);

    await user.click(within(notice).getByRole('button', { name: 'Remove them' }));
    await waitFor(() => expect(screen.queryByText(/cannot read/)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Device: Mobile' })).toBeInTheDocument();
    // The notice went: focus is on the count of the list as it now stands.
    expect(screen.getByText('1,234 sessions').closest('[role="status"]')).toHaveFocus();
  });

  it('shows a control character in a part it left out as the symbol for it', async () => {
    renderPage('/sessions?visitor_id=%00abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has a part the list cannot read, left out: visitor_id=\u2400abc (holds a NUL character).',
    );
    expect(sessionRequests[0]?.has('visitor_id')).toBe(false);
  });

  it('leaves out a date it cannot send, with the same notice, and lists the sessions without it', async () => {
    renderPage('/sessions?date_from=garbage&date_to=TODAY');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'This link has a part the list cannot read, left out: date_from=garbage (not a date).',
    );
    expect(sessionRequests[0]?.has('date_from')).toBe(false);
    expect(sessionRequests[0]?.get('date_to')).toBe('TODAY');
    expect(await screen.findByText('Ana Lima · ana@example.com')).toBeInTheDocument();
  });

  it('leaves out a relative date_to before date_from, names why, and lists from date_from on', async () => {
    renderPage('/sessions?date_from=TODAY&date_to=YESTERDAY');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'This link has a part the list cannot read, left out: date_to=YESTERDAY (before date_from).',
    );
    expect(sessionRequests[0]?.get('date_from')).toBe('TODAY');
    expect(sessionRequests[0]?.has('date_to')).toBe(false);
    expect(await screen.findByText('Ana Lima · ana@example.com')).toBeInTheDocument();
  });

  it('offers sessions that arrived since, every 15 s, without moving the rows, and shows them on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByText('Ana Lima · ana@example.com');
    expect(sessionRequests).toHaveLength(1);

    const newer = makeSession({ id: 'ses_new', creation_timestamp: 1_795_340_000, visitor: { name: 'Noor Ali' } });
    answerSessionsWith((query) => {
      // The list as it stands now: twelve more than the 1,234 it held.
      if (query.get('size') === '1') return { body: { total: 1246, page: { num: 0, size: 1 }, sessions: [newer] } };
      return { body: { total: 1246, page: { num: 0, size: 25 }, sessions: [newer, ...SESSIONS] } };
    });
    await vi.advanceTimersByTimeAsync(15_000);

    expect(await screen.findByText('12 new sessions')).toBeInTheDocument();
    const poll = sessionRequests.at(-1);
    expect(poll?.get('size')).toBe('1');
    expect(poll?.has('date_from')).toBe(false);
    expect(poll?.has('date_to')).toBe(false);
    expect(screen.queryByText(/Noor Ali/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/Noor Ali/)).toBeInTheDocument();
    expect(sessionRequests.at(-1)?.has('date_to')).toBe(false);
    await waitFor(() => expect(screen.queryByText('12 new sessions')).not.toBeInTheDocument());
    // The notice went: focus is on the count, which now says how many there are.
    const count = screen.getByText('1,246 sessions').closest('[role="status"]');
    expect(count).toHaveFocus();
  });

  it('shows the sessions that arrived from the first page when asked on a later one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    renderPage('/sessions?page=2');
    await screen.findByText('Ana Lima · ana@example.com');

    const newer = makeSession({ id: 'ses_new', creation_timestamp: 1_795_340_000, visitor: { name: 'Noor Ali' } });
    answerSessionsWith((query) => ({
      body: {
        total: 1236,
        page: { num: Number(query.get('page') ?? 0), size: Number(query.get('size')) },
        // The newest first on the first page; a later page holds older sessions only.
        sessions: (query.get('page') ?? '0') === '0' ? [newer, ...SESSIONS] : SESSIONS,
      },
    }));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await screen.findByText('2 new sessions')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/Noor Ali/)).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveTextContent(/^\/sessions$/);
    expect(screen.getByText('1,236 sessions')).toBeInTheDocument();
  });

  it('counts a session that started before the newest shown but arrived after the list loaded as new', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByText('Ana Lima · ana@example.com');

    // Its first events reached the server late: it sorts below the newest row, yet the list grew by one.
    const late = makeSession({ id: 'ses_late', creation_timestamp: 1_795_339_000, visitor: { name: 'Late Comer' } });
    answerSessionsWith((query) => ({
      body: { total: 1235, page: { num: 0, size: Number(query.get('size')) }, sessions: [SESSIONS[0], late] },
    }));
    await vi.advanceTimersByTimeAsync(15_000);

    expect(await screen.findByText('1 new session')).toBeInTheDocument();
    expect(screen.queryByText(/Late Comer/)).not.toBeInTheDocument();

    // Shown on request, though the list's newest session is still the same (so is where it is pinned).
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/Late Comer/)).toBeInTheDocument();
    expect(screen.getByText('1,235 sessions')).toBeInTheDocument();
  });

  it('counts the pages against the true total, and stops offering pages where the API stops serving them', async () => {
    answerSessionsWith((query) => ({
      body: { total: 1_000_000, page: { num: Number(query.get('page') ?? 0), size: 25 }, sessions: SESSIONS },
    }));
    renderPage('/sessions?page=10000');

    expect(await screen.findByText('250,001–250,025 of 1,000,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeEnabled();
  });

  it('watches an empty list too, with its own query, and offers the sessions that came to match it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    answerSessionsWith(() => ({ body: { total: 0, page: { num: 0, size: 25 }, sessions: [] } }));
    renderPage('/sessions?start_url=checkout&date_from=TODAY');
    await screen.findByText(/No sessions/);

    const arrived = makeSession({ id: 'ses_arrived', visitor: { name: 'Noor Ali' } });
    answerSessionsWith((query) => ({
      body: { total: 2, page: { num: 0, size: Number(query.get('size')) }, sessions: [arrived] },
    }));
    await vi.advanceTimersByTimeAsync(15_000);

    expect(await screen.findByText('2 new sessions')).toBeInTheDocument();
    const poll = sessionRequests.at(-1);
    expect(poll?.get('size')).toBe('1');
    expect(poll?.get('start_url')).toBe('checkout');
    expect(poll?.get('date_from')).toBe('TODAY');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/Noor Ali/)).toBeInTheDocument();
  });

  it('keeps every page and order to the sessions the list held, and watches for new ones in any order', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    renderPage('/sessions?sort=-duration&date_from=TODAY');
    await screen.findByText('Ana Lima · ana@example.com');
    // The list's newest session, asked once in time order: the list is pinned just after it.
    await waitFor(() => expect(sessionRequests).toHaveLength(2));
    expect(sessionRequests[1]?.get('size')).toBe('1');
    expect(sessionRequests[1]?.get('sort')).toBe('-start');
    const pinnedAt = '2026-11-22T09:30:01Z';

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(sessionRequests.at(-1)?.get('page')).toBe('1'));
    const nextPage = sessionRequests.at(-1);
    expect(nextPage?.get('sort')).toBe('-duration');
    expect(nextPage?.get('date_from')).toBe('TODAY');
    expect(nextPage?.get('date_to')).toBe(pinnedAt);
    // The range shown is the one chosen, not the pin.
    expect(screen.getByText(/^Showing 22 Nov 2026 00:00 – now/)).toBeInTheDocument();

    answerSessionsWith((query) =>
      query.get('size') === '1'
        ? { body: { total: 1238, page: { num: 0, size: 1 }, sessions: SESSIONS.slice(0, 1) } }
        : sessionsResponse(query),
    );
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await screen.findByText('4 new sessions')).toBeInTheDocument();
    // The list as chosen, unpinned, against the 1,234 it held.
    const poll = sessionRequests.at(-1);
    expect(poll?.get('date_from')).toBe('TODAY');
    expect(poll?.has('date_to')).toBe(false);
    expect(poll?.has('sort')).toBe(false);
  });

  it('shows the sessions that arrived on request in any order, with the total as it stands', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    renderPage('/sessions?sort=-errors');
    await screen.findByText('Ana Lima · ana@example.com');
    await waitFor(() => expect(sessionRequests).toHaveLength(2));
    expect(screen.getByText('1,234 sessions')).toBeInTheDocument();

    // One session with more errors than any arrived: the newest now, first in this order.
    const newer = makeSession({ id: 'ses_new', creation_timestamp: 1_795_340_000, visitor: { name: 'Noor Ali' } });
    answerSessionsWith((query) => ({
      body: { total: 1235, page: { num: 0, size: Number(query.get('size')) }, sessions: [newer, ...SESSIONS] },
    }));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await screen.findByText('1 new session')).toBeInTheDocument();
    expect(screen.queryByText(/Noor Ali/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/Noor Ali/)).toBeInTheDocument();
    expect(screen.getByText('1,235 sessions')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('1 new session')).not.toBeInTheDocument());
    // Pinned again just after the new newest session, in the list's own order.
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(sessionRequests.at(-1)?.get('page')).toBe('1'));
    expect(sessionRequests.at(-1)?.get('sort')).toBe('-errors');
    expect(sessionRequests.at(-1)?.get('date_to')).toBe('2026-11-22T09:33:21Z');
  });

  it('neither pins nor watches a list that ends at a date of its own', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage('/sessions?date_from=2026-11-01&date_to=2026-11-10');
    await screen.findByText('Ana Lima · ana@example.com');
    await vi.advanceTimersByTimeAsync(31_000);
    expect(sessionRequests).toHaveLength(1);
    expect(sessionRequests[0]?.get('date_to')).toBe('2026-11-10');
  });

  it('shows a failure with the request id to quote', async () => {
    answerSessionsWith(() =>
      errorReply(400, 'validation_error', 'invalid_date_range', 'date_from must not be after date_to', 'date_from'),
    );
    renderPage('/sessions?date_from=YESTERDAY&date_to=TODAY');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sessions could not be loaded');
    expect(alert).toHaveTextContent('date_from must not be after date_to');
    expect(alert).toHaveTextContent('req_test123');
  });

  it('does not ask again, as the page opens, what the server refused on the way in', async () => {
    answerSessionsWith(() =>
      errorReply(400, 'validation_error', 'invalid_date_range', 'date_from must not be after date_to', 'date_from'),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // As the route does while the page's code loads.
    await queryClient.prefetchQuery(
      getSessionsOptions({
        query: { page: 0, size: 25, date_from: 'YESTERDAY', date_to: 'TODAY', tz: 'Europe/London' },
      }),
    );
    expect(sessionRequests).toHaveLength(1);
    renderPage('/sessions?date_from=YESTERDAY&date_to=TODAY&tz=Europe%2FLondon', queryClient);

    expect(await screen.findByRole('alert')).toHaveTextContent('date_from must not be after date_to');
    expect(sessionRequests).toHaveLength(1);
  });

  it('opens a session in a drawer with its details and the way to the visitor', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByText('Ana Lima · ana@example.com'));

    const drawer = await screen.findByRole('dialog', { name: 'Session details' });
    expect(within(drawer).getByText('http://localhost:3457/sessions/ses_01J9Z8Q4')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'All sessions of this visitor' })).toHaveAttribute(
      'href',
      '/visitors?visitor_id=vis_ana',
    );
    expect(within(drawer).getByRole('heading', { level: 3, name: 'Campaign (UTM)' })).toBeInTheDocument();
    expect(within(drawer).getByText('winter-sale')).toBeInTheDocument();
    // The modal drawer hides the page behind it from assistive technology, hence `hidden`.
    expect(screen.getByRole('status', { name: 'Address', hidden: true })).toHaveTextContent('session=ses_01J9Z8Q4');

    await user.click(within(drawer).getByRole('button', { name: 'Close session details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'Address' })).not.toHaveTextContent('session=');
    // A keyboard user carries on from the row that opened it.
    await waitFor(() =>
      expect(document.activeElement?.closest('[role="row"]')).toHaveAttribute('data-id', 'ses_01J9Z8Q4'),
    );
  });
});
