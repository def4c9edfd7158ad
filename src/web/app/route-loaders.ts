import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { getSessionOptions, getSessionsOptions } from '../../api/client/@tanstack/react-query.gen.ts';
import { sessionRecordingQueryOptions } from '../features/sessions/api/use-session-recording-query.ts';
import { prefetchOpeningChunk } from '../features/sessions/lib/opening-chunk.ts';
import { meQueryOptions } from '../lib/api/me-query.ts';
import { sessionColumnsQueryOptions } from '../components/sessions/use-stored-column-visibility.ts';
import { viewsQueryOptions } from '../features/views/api/use-views-query.ts';
import { readSessionsView, toSessionsQuery } from '../features/sessions/lib/sessions-search-params.ts';
import { preferredTimeZone } from '../lib/time-zones.ts';

/*
 * Loaders start a page's requests as soon as the address is known, in parallel with loading the page's
 * code; they do not wait for the data, so the page renders with its own loading state. They use the same
 * query options as the components, so the components find the requests already under way.
 */

/**
 * Who is signed in, and then their saved views for the navigation, so both arrive before or with the
 * page; a 401 is left to the page, which sends people to sign in.
 */
export function signedInLoader(queryClient: QueryClient) {
  return () => {
    void queryClient
      .fetchQuery(meQueryOptions())
      .then((me) => {
        if (me.permissions.includes('users.sessions:read')) return queryClient.prefetchQuery(viewsQueryOptions());
      })
      .catch(() => {
        // Not signed in: the page sends the person to sign in.
      });
    return null;
  };
}

/**
 * The sessions list the address asks for, and the person's choice of its columns (the rows wait for it),
 * once it is known that the person may read sessions.
 */
export function sessionsLoader(queryClient: QueryClient) {
  return ({ request }: LoaderFunctionArgs) => {
    const view = readSessionsView(new URL(request.url).searchParams, preferredTimeZone());
    void queryClient
      .fetchQuery(meQueryOptions())
      .then((me) => {
        if (!me.permissions.includes('users.sessions:read')) return;
        return Promise.all([
          queryClient.prefetchQuery(getSessionsOptions({ query: toSessionsQuery(view) })),
          queryClient.prefetchQuery(sessionColumnsQueryOptions()),
        ]);
      })
      .catch(() => {
        // Not signed in: the page sends the person to sign in, without a request that would only fail.
      });
    return null;
  };
}

const IDLE_DEADLINE_MS = 1_000;

/**
 * Loads pages' code once the browser is idle (or after a second at most), for pages the person is about to
 * open; a later import of the same module is then immediate.
 */
export function preloadWhenIdle(loaders: (() => Promise<unknown>)[]): null {
  const preload = () => {
    for (const load of loaders)
      load().catch(() => {
        // A failed preload is retried by the page's own import, which shows its error if it fails again.
      });
  };
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(preload, { timeout: IDLE_DEADLINE_MS });
  else window.setTimeout(preload, 0);
  return null;
}

/**
 * A session's page: the session, its recording and the player's code at once (most sessions people open
 * have a replay; `session_url` is for watching one), then the opening chunk as soon as its address is
 * known, so the first frame waits on one round of requests after the app's code.
 */
export function sessionLoader(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    const id = params.sessionId ?? '';
    void queryClient.prefetchQuery(getSessionOptions({ path: { id } }));
    void import('../features/sessions/components/replay/session-replay.tsx').catch(() => {
      // The page loads it again and shows what went wrong.
    });
    void queryClient
      .fetchQuery(sessionRecordingQueryOptions(id))
      .then((recording) => {
        const opening = recording.has_recording ? recording.chunks[0]?.url : undefined;
        if (opening) prefetchOpeningChunk(opening);
      })
      .catch(() => {
        // The page asks again and shows what went wrong.
      });
    return null;
  };
}
