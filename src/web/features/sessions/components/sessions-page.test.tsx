// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetSessionsResponse } from '../../../../api/client/types.gen.ts';
import { type MockReply, errorReply, mockApi } from '../../../test/mock-api.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { makeSession } from '../../../components/sessions/make-session.ts';
import { SessionsPage } from './sessions-page.tsx';

const ME = {
  account: { account_id: 'acc_1', name: 'Demo' },
  user: {
    user_id: 'usr_1',
    email: 'analyst@demo.example',
    name: 'Analyst',
    role: 'analyst',
    created_at: 1_700_000_000,
  },
  token_name: null,
  permissions: ['users.sessions:read', 'websites:read'],
};

/** The local midnight the server resolves each relative start to, as if today were 22 Nov 2026. */
const RESOLVED_FROM: Record<string, string> = { TODAY: '2026-11-22T00:00:00', 'TODAY-7DAYS': '2026-11-15T00:00:00' };

/** The instant as the server reports it: ISO 8601 with the zone's offset. */
const resolvedIn = (local: string, tz: string) => DateTime.fromISO(local, { zone: tz }).toISO();

// The data grid renders slowly under jsdom.
configure({ asyncUtilTimeout: 8000 });

const SESSIONS = [
  makeSession(),
  makeSession({
    id: 'ses_02',
    creation_timestamp: 1_795_336_200,
    device: 'mobile',
    tags: [],
    visitor: {
      id: 'vis_bo',
      name: '',
      email: '',
      geolocation: { country_code: 'DE', city: 'Berlin', region: 'Berlin' },
    },
  }),
];

let sessionRequests: URLSearchParams[] = [];
let me = ME;
let respondWith: (query: URLSearchParams) => MockReply;

function sessionsResponse(query: URLSearchParams): MockReply {
  const dateFrom = query.get('date_from');
  const tz = query.get('tz') ?? 'Europe/London';
  const body: GetSessionsResponse = {
    total: 1234,
    page: { num: Number(query.get('page')), size: Number(query.get('size')) },
    sessions: SESSIONS,
    ...(dateFrom ? { date_range: { from: resolvedIn(RESOLVED_FROM[dateFrom] ?? dateFrom, tz), to: null, tz } } : {}),
  };
  return { body };
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

function renderPage(route = '/sessions', queryClient?: QueryClient) {
  return renderWithProviders(
    <>
      <SessionsPage />
      <LocationProbe />
    </>,
    { route, queryClient },
  );
}

beforeEach(() => {
  sessionRequests = [];
  me = ME;
  respondWith = sessionsResponse;
  mockApi({
    'GET /v1/auth/me': () => ({ body: me }),
    'GET /v1/sessions': ({ query }) => {
      sessionRequests.push(query);
      return respondWith(query);
    },
    'GET /v1/sessions/:id': { body: { ...SESSIONS[0], seen: true } },
  });
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

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

  it('asks for the last 7 days, and puts it in the address, when that preset is chosen', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText('Showing all time; times in UTC')).toBeInTheDocument();
    expect(sessionRequests.at(-1)?.has('date_from')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Dates' }));
    await user.click(screen.getByRole('option', { name: 'Last 7 days' }));

    await waitFor(() => expect(sessionRequests.at(-1)?.get('date_from')).toBe('TODAY-7DAYS'));
    expect(sessionRequests.at(-1)?.get('tz')).toBe('UTC');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('date_from=TODAY-7DAYS');
    expect(await screen.findByText('Showing 15 Nov 2026 00:00 – now, UTC')).toBeInTheDocument();
  });

  it('starts loading a preset the pointer rests on, and choosing it shows those rows without asking again', async () => {
    const user = userEvent.setup({ delay: null });
    // The app's cache, whose answers stay fresh for a while (the tests' own default refetches on every mount).
    renderPage(
      '/sessions',
      createQueryClient(() => undefined),
    );
    expect(await screen.findByText('Showing all time; times in UTC')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Dates' }));
    await user.hover(screen.getByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(sessionRequests.at(-1)?.get('date_from')).toBe('TODAY-7DAYS'));
    // Only pointing at it: the list and the address (behind the open menu) still show all time.
    expect(screen.getByRole('status', { name: 'Address', hidden: true })).not.toHaveTextContent('date_from');
    expect(screen.getByText('Showing all time; times in UTC')).toBeInTheDocument();
    const asked = sessionRequests.length;

    await user.click(screen.getByRole('option', { name: 'Last 7 days' }));
    expect(await screen.findByText('Showing 15 Nov 2026 00:00 – now, UTC')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('date_from=TODAY-7DAYS');
    expect(sessionRequests.length).toBe(asked);
  });

  it('sorts on the server by a clicked column header, longest first, then shortest, from the first page', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/sessions?page=3');
    await screen.findByText('1,234 sessions');
    expect(sessionRequests.at(-1)?.has('sort')).toBe(false);

    await user.click(screen.getByRole('columnheader', { name: /Duration/ }));
    await waitFor(() => expect(sessionRequests.at(-1)?.get('sort')).toBe('-duration'));
    expect(sessionRequests.at(-1)?.get('page')).toBe('0');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/sessions?sort=-duration');

    await user.click(screen.getByRole('columnheader', { name: /Duration/ }));
    await waitFor(() => expect(sessionRequests.at(-1)?.get('sort')).toBe('duration'));
  });

  it('opens a link with a sort sorted, and ignores a sort the server does not know', async () => {
    renderPage('/sessions?sort=-rage_clicks');
    await screen.findByText('1,234 sessions');
    expect(sessionRequests.at(-1)?.get('sort')).toBe('-rage_clicks');
    expect(screen.getByRole('columnheader', { name: /Rage clicks/ })).toHaveAttribute('aria-sort', 'descending');
    cleanup();
    renderPage('/sessions?sort=visitor');
    await screen.findByText('1,234 sessions');
    expect(sessionRequests.at(-1)?.has('sort')).toBe(false);
  });

  it('asks the API for the filters in the address, shown as chips, and leaves out the ones it would refuse', async () => {
    renderPage('/sessions?country=de&has_errors=true&duration_min=30&engagement_min=lots');
    await screen.findByText('1,234 sessions');
    const sent = sessionRequests.at(-1);
    expect(sent?.get('country')).toBe('DE');
    expect(sent?.get('has_errors')).toBe('true');
    expect(sent?.get('duration_min')).toBe('30');
    expect(sent?.has('engagement_min')).toBe(false);
    expect(screen.getByRole('button', { name: 'Country: Germany' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Has errors' })).toBeInTheDocument();
  });

  it('counts a chosen website as a filter, and "Clear filters" clears it with the others', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/sessions?website_id=web_shop&country=DE');
    await screen.findByText('1,234 sessions');
    expect(sessionRequests.at(-1)?.get('website_id')).toBe('web_shop');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(sessionRequests.at(-1)?.has('website_id')).toBe(false));
    expect(sessionRequests.at(-1)?.has('country')).toBe(false);
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/sessions$/);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    cleanup();
    renderPage('/sessions?website_id=web_shop');
    await screen.findByText('1,234 sessions');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('offers sessions that arrived since, every 15 s, without moving the rows, and shows them on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByText('Ana Lima · ana@example.com');
    expect(sessionRequests).toHaveLength(1);

    const newer = makeSession({ id: 'ses_new', creation_timestamp: 1_795_340_000, visitor: { name: 'Noor Ali' } });
    respondWith = (query) => {
      if (query.get('size') === '1') {
        // Counted from the newest shown session's second on, so that session is among the 13.
        return { body: { total: 13, page: { num: 0, size: 1 }, sessions: [newer] } };
      }
      return { body: { total: 1246, page: { num: 0, size: 25 }, sessions: [newer, ...SESSIONS] } };
    };
    await vi.advanceTimersByTimeAsync(15_000);

    expect(await screen.findByText('12 new sessions')).toBeInTheDocument();
    const poll = sessionRequests.at(-1);
    expect(poll?.get('size')).toBe('1');
    expect(poll?.get('date_from')).toBe('2026-11-22T09:30:00Z');
    expect(screen.queryByText(/Noor Ali/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/Noor Ali/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('12 new sessions')).not.toBeInTheDocument());
  });

  it('does not watch for new sessions past the first page or in another order', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage('/sessions?sort=-duration');
    await screen.findByText('Ana Lima · ana@example.com');
    await vi.advanceTimersByTimeAsync(31_000);
    expect(sessionRequests).toHaveLength(1);
  });

  it('puts the frustration signals and engagement right after the visitor', async () => {
    renderPage();
    await screen.findByText('1,234 sessions');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.slice(0, 8)).toEqual([
      'Start time',
      'Replay',
      'Duration',
      'Visitor',
      'Errors',
      'Rage clicks',
      'Error clicks',
      'Engagement',
    ]);
  });

  it("keeps each person's choice of columns, even in a shared browser", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('1,234 sessions');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Engagement' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Engagement/ })).not.toBeInTheDocument());
    cleanup();

    me = { ...ME, user: { ...ME.user, user_id: 'usr_2', email: 'colleague@demo.example' } };
    renderPage();
    await screen.findByText('1,234 sessions');
    expect(screen.getByRole('columnheader', { name: /Engagement/ })).toBeInTheDocument();
    cleanup();

    me = ME;
    renderPage();
    await screen.findByText('1,234 sessions');
    expect(screen.queryByRole('columnheader', { name: /Engagement/ })).not.toBeInTheDocument();
  });

  it('filters by e-mail once typing pauses, and starts again at the first page', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/sessions?page=3');
    await screen.findByText('1,234 sessions');

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');

    await waitFor(() => expect(sessionRequests.at(-1)?.get('email')).toBe('ana@example.com'));
    expect(sessionRequests.at(-1)?.get('page')).toBe('0');
    expect(sessionRequests.filter((query) => query.has('email'))).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/sessions?email=ana%40example.com');
  });

  it('suggests a wider date range when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    respondWith = () => ({
      body: {
        total: 0,
        page: { num: 0, size: 25 },
        sessions: [],
        date_range: { from: '2026-11-22T00:00:00.000Z', to: null, tz: 'UTC' },
      },
    });
    renderPage('/sessions?date_from=TODAY&tz=UTC');

    expect(await screen.findByText('No sessions match these filters')).toBeInTheDocument();
    expect(screen.getByText('0 sessions')).toBeInTheDocument();
    respondWith = sessionsResponse;
    await user.click(screen.getByRole('button', { name: 'Show all time' }));
    await waitFor(() => expect(sessionRequests.at(-1)?.has('date_from')).toBe(false));
  });

  it('shows a failure with the request id to quote', async () => {
    respondWith = () => errorReply(400, 'validation_error', 'invalid_date', 'date_from must be a date', 'date_from');
    renderPage('/sessions?date_from=soon');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sessions could not be loaded');
    expect(alert).toHaveTextContent('date_from must be a date');
    expect(alert).toHaveTextContent('req_test123');
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
