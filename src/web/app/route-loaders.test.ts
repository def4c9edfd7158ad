// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionsQueryKey } from '../../api/client/@tanstack/react-query.gen.ts';
import { errorReply, meAs, mockApi } from '../test/mock-api.ts';
import { sessionsLoader } from './route-loaders.ts';

const EMPTY = { total: 0, page: { num: 0, size: 25 }, sessions: [] };
const args = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as LoaderFunctionArgs;

afterEach(() => vi.unstubAllGlobals());

describe('sessionsLoader', () => {
  it('asks for the page the address names at once, under the key the page reads', async () => {
    const requests = mockApi({ 'GET /v1/auth/me': { body: meAs('analyst') }, 'GET /v1/sessions': { body: EMPTY } });
    const queryClient = new QueryClient();

    expect(sessionsLoader(queryClient)(args('http://localhost/sessions?date_from=TODAY&tz=Asia%2FTokyo'))).toBeNull();

    const key = getSessionsQueryKey({ query: { page: 0, size: 25, date_from: 'TODAY', tz: 'Asia/Tokyo' } });
    await waitFor(() => expect(queryClient.getQueryData(key)).toEqual(EMPTY));
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
});
