// @vitest-environment jsdom
/**
 * The sessions list watching for sessions that arrive: the notice that counts them, every 15 s, without
 * moving the rows, and "Show", which brings them in; the list pinned to the sessions it held meanwhile.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

describe('SessionsPage: sessions that arrive', () => {
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
});
