import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetSessionsResponse } from '../../../../api/client/types.gen.ts';
import { makeSession } from '../../../components/sessions/make-session.ts';
import { mockApi, type MockRequest } from '../../../test/mock-api.ts';
import { EXPORT_ROW_LIMIT, fetchSessionsForExport } from './fetch-sessions-for-export.ts';

let requests: MockRequest[] = [];

/** A server holding `total` sessions; `shift` new ones arrive after the first page is read. */
function serve(total: number, shift = 0) {
  requests = mockApi({
    'GET /v1/sessions': ({ query }) => {
      const page = Number(query.get('page'));
      const size = Number(query.get('size'));
      const offset = page * size - (page > 0 ? shift : 0);
      const count = Math.max(0, Math.min(size, total - offset));
      const body: GetSessionsResponse = {
        total,
        page: { num: page, size },
        sessions: Array.from({ length: count }, (_, index) => makeSession({ id: `s${offset + index}` })),
        ...(query.has('date_from')
          ? { date_range: { from: '2026-11-15T00:00:00.000+01:00', to: null, tz: 'Europe/Paris' } }
          : {}),
      };
      return { body };
    },
  });
}

const run = (filter = {}) =>
  fetchSessionsForExport(new QueryClient(), filter, { onProgress: () => undefined, isCancelled: () => false });

afterEach(() => vi.unstubAllGlobals());

describe('fetchSessionsForExport', () => {
  it('reads every page of 100 until the sessions run out', async () => {
    serve(250);
    const result = await run({ email: 'ana@example.com' });
    expect(result?.sessions).toHaveLength(250);
    expect(requests.map(({ query }) => [query.get('page'), query.get('size')])).toEqual([
      ['0', '100'],
      ['1', '100'],
      ['2', '100'],
    ]);
    expect(requests.every(({ query }) => query.get('email') === 'ana@example.com')).toBe(true);
  });

  it(`stops at ${EXPORT_ROW_LIMIT} rows and reports the true total`, async () => {
    serve(12_345);
    const result = await run();
    expect(result?.sessions).toHaveLength(EXPORT_ROW_LIMIT);
    expect(result?.total).toBe(12_345);
    expect(requests).toHaveLength(EXPORT_ROW_LIMIT / 100);
  });

  it('pins a relative date to the instant the first page used', async () => {
    serve(150);
    await run({ date_from: 'TODAY-7DAYS', tz: 'Europe/Paris' });
    expect(requests[0]?.query.get('date_from')).toBe('TODAY-7DAYS');
    expect(requests[1]?.query.get('date_from')).toBe('2026-11-15T00:00:00.000+01:00');
  });

  it('drops the repeats that sessions arriving mid-export cause', async () => {
    serve(150, 3);
    const result = await run();
    const ids = result?.sessions.map((session) => session.id) ?? [];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stops when cancelled', async () => {
    serve(500);
    let pages = 0;
    const result = await fetchSessionsForExport(
      new QueryClient(),
      {},
      { onProgress: () => (pages += 1), isCancelled: () => pages >= 2 },
    );
    expect(result).toBeNull();
    expect(requests).toHaveLength(2);
  });
});
