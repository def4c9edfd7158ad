// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  getSessionColumnsQueryKey,
  getSessionQueryKey,
  getSessionRecordingQueryKey,
  getSessionsQueryKey,
} from '../../api/client/@tanstack/react-query.gen.ts';
import { SIGNED_IN_COOKIE } from '../../api/sign-in-cookie.ts';
import { errorReply, meAs, mockApi } from '../test/mock-api.ts';
import { takeOpeningChunk } from '../features/sessions/lib/opening-chunk.ts';
import { sessionLoader, sessionsLoader } from './route-loaders.ts';

const EMPTY = { total: 0, page: { num: 0, size: 25 }, sessions: [] };
const args = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as LoaderFunctionArgs;

afterEach(() => vi.unstubAllGlobals());

describe('sessionsLoader', () => {
  it('asks for the page the address names and the choice of columns at once, under the keys the page reads', async () => {
    const COLUMNS = { columns: { tags: false }, updated_at: 1_795_000_000 };
    const requests = mockApi({
      'GET /v1/auth/me': { body: meAs('analyst') },
      'GET /v1/sessions': { body: EMPTY },
      'GET /v1/preferences/session-columns': { body: COLUMNS },
    });
    const queryClient = new QueryClient();

    expect(sessionsLoader(queryClient)(args('http://localhost/sessions?date_from=TODAY&tz=Asia%2FTokyo'))).toBeNull();

    const key = getSessionsQueryKey({ query: { page: 0, size: 25, date_from: 'TODAY', tz: 'Asia/Tokyo' } });
    await waitFor(() => expect(queryClient.getQueryData(key)).toEqual(EMPTY));
    await waitFor(() => expect(queryClient.getQueryData(getSessionColumnsQueryKey())).toEqual(COLUMNS));
    const asked = requests.filter((request) => request.path === '/v1/sessions');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.query.get('date_from')).toBe('TODAY');
  });

  it('asks nothing about sessions of someone who is not signed in', async () => {
    const requests = mockApi({
      'GET /v1/auth/me': errorReply(401, 'authentication_error', 'unauthenticated', 'Sign in'),
      'GET /v1/sessions': { body: EMPTY },
    });
    const queryClient = new QueryClient();
    sessionsLoader(queryClient)(args('http://localhost/sessions'));
    await waitFor(() => expect(requests.some((request) => request.path === '/v1/auth/me')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.some((request) => request.path === '/v1/sessions')).toBe(false);
  });

  it('asks nothing at all of a browser that holds no sign-in, and finds nobody signed in', async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    const requests = mockApi({ 'GET /v1/auth/me': { body: meAs('analyst') }, 'GET /v1/sessions': { body: EMPTY } });
    const queryClient = new QueryClient();
    sessionsLoader(queryClient)(args('http://localhost/sessions'));
    await waitFor(() => expect(queryClient.getQueryState(['me'])?.status).toBe('error'));
    expect(queryClient.getQueryState(['me'])?.error).toMatchObject({ status: 401, code: 'unauthenticated' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });
});

describe('sessionLoader', () => {
  const CHUNK = '/v1/sessions/ses_1/recording/chunks/0';
  const FRAMES = [{ type: 4, timestamp: 1, data: { href: 'https://shop.example/' } }];

  /** Answers the session, its recording (with or without a replay) and its opening chunk; returns the paths asked. */
  function stubApi(hasRecording: boolean): string[] {
    const asked: string[] = [];
    const recording = {
      session_id: 'ses_1',
      has_recording: hasRecording,
      status: hasRecording ? 'recorded' : 'not_recorded',
      expiration_timestamp: 0,
      clock_offset_ms: 0,
      chunks: hasRecording ? [{ index: 0, first_event_at: 1, last_event_at: 2, compressed_bytes: 10, url: CHUNK }] : [],
    };
    const bodies: Record<string, unknown> = {
      '/v1/sessions/ses_1': { id: 'ses_1' },
      '/v1/sessions/ses_1/recording': recording,
      [CHUNK]: FRAMES,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string) => {
        const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
        asked.push(path);
        return new Response(JSON.stringify(bodies[path] ?? null), {
          status: path in bodies ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    return asked;
  }
  const sessionArgs = {
    request: new Request('http://localhost/sessions/ses_1'),
    params: { sessionId: 'ses_1' },
    context: {},
  };

  it('asks for the session and its recording at once, then for the opening chunk the player takes', async () => {
    mockApi({});
    const asked = stubApi(true);
    const queryClient = new QueryClient();

    expect(sessionLoader(queryClient)(sessionArgs as unknown as LoaderFunctionArgs)).toBeNull();

    await waitFor(() => expect(asked).toContain(CHUNK));
    expect(queryClient.getQueryData(getSessionQueryKey({ path: { id: 'ses_1' } }))).toEqual({ id: 'ses_1' });
    expect(queryClient.getQueryData(getSessionRecordingQueryKey({ path: { id: 'ses_1' } }))).toMatchObject({
      has_recording: true,
    });
    await expect(takeOpeningChunk(CHUNK, new AbortController().signal)).resolves.toEqual(FRAMES);
    expect(asked.filter((path) => path === CHUNK)).toHaveLength(1);
  });

  it('fetches no chunk for a session without a replay', async () => {
    mockApi({});
    const asked = stubApi(false);
    const queryClient = new QueryClient();
    sessionLoader(queryClient)(sessionArgs as unknown as LoaderFunctionArgs);
    await waitFor(() => expect(asked).toContain('/v1/sessions/ses_1/recording'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.some((path) => path.includes('/chunks/'))).toBe(false);
  });
});
