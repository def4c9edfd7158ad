/**
 * What the sessions page suites share: a signed-in analyst, two sessions, an API that answers the list with the
 * range the server resolved and keeps every list request, and the page rendered beside its address.
 */
import { cleanup, configure } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { GetSessionsResponse } from '../../../../api/client/types.gen.ts';
import { type MockReply, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { makeSession } from '../../../components/sessions/make-session.ts';
import { SessionsPage } from './sessions-page.tsx';

export const ME = {
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

export const SESSIONS = [
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

/** Every GET /v1/sessions request of the current test, oldest first. */
export const sessionRequests: URLSearchParams[] = [];

/**
 * The latest request for a page of the list itself, past the list's own small questions of one row: its
 * newest session and how many arrived since.
 */
export const lastPageRequest = () => sessionRequests.filter((query) => query.get('size') !== '1').at(-1);
let me = ME;
let respondWith: (query: URLSearchParams) => MockReply;

export function sessionsResponse(query: URLSearchParams): MockReply {
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

/** Answers GET /v1/sessions with `reply` for the rest of the current test. */
export function answerSessionsWith(reply: (query: URLSearchParams) => MockReply): void {
  respondWith = reply;
}

/** Signs in as `user` for the rest of the current test. */
export function signInAs(user: typeof ME): void {
  me = user;
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

/** The browser's back and forward buttons, which the memory router stands in for. */
function HistoryButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Browser forward
      </button>
    </>
  );
}

export function renderPage(route = '/sessions', queryClient?: QueryClient) {
  return renderWithProviders(
    <>
      <SessionsPage />
      <LocationProbe />
      <HistoryButtons />
    </>,
    { route, queryClient },
  );
}

/** Before each of the suite's tests, mocks the API as the analyst with the two sessions; after each, undoes it. */
export function mockSessionsApi(): void {
  // The data grid renders slowly under jsdom.
  configure({ asyncUtilTimeout: 8000 });

  beforeEach(() => {
    sessionRequests.length = 0;
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
}
