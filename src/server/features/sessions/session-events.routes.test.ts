import { expect, it } from 'vitest';
import { sendJson } from '../../test/api-requests.ts';
import { expectError } from '../../test/api-responses.ts';
import { describeApi } from '../../test/harness.ts';
import { clientId, newVisitIds, publicKeyOf } from '../../test/tracker-ids.ts';
import { BROWSER_USER_AGENT } from '../../test/browser-user-agent.ts';

interface EventPageJson {
  events: { id: string; kind: number; time: number; details: Record<string, unknown> }[];
  next_cursor: string | null;
}

describeApi('GET /v1/sessions/:id/events', (ctx) => {
  async function recordVisit() {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const ids = newVisitIds();
    const start = Date.now() - 60_000;
    const at = (seconds: number) => start + seconds * 1000;
    const events = [
      { kind: 1, time: at(0), url: 'https://shop.example.com/' },
      { kind: 3, time: at(0), url: 'https://shop.example.com/', title: 'Shop' },
      { kind: 5, time: at(1), selector: 'button#buy', text: 'Buy' },
      { kind: 21, time: at(2), selector: 'button#pay', text: 'Pay', click_count: 4 },
      { kind: 25, time: at(3), message: 'TypeError: x is undefined', stack: 'at pay (app.js:1:1)' },
      { kind: 20, time: at(3), selector: 'button#pay', text: 'Pay', message: 'TypeError: x is undefined' },
      { kind: 24, time: at(4), level: 'warn', message: 'slow' },
      { kind: 30, time: at(5), url: 'https://shop.example.com/api', method: 'POST', status: 502, duration: 120 },
      { kind: 29, time: at(6), url: 'https://shop.example.com/api/ok', method: 'GET', status: 200, duration: 30 },
      { kind: 26, time: at(7), name: 'checkout', properties: { items: 3 } },
      { kind: 4, time: at(8), email: 'ann@example.com', name: 'Ann' },
    ];
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/v1/ingest',
      payload: JSON.stringify({ key, batch_id: clientId('b'), ...ids, sent_at: Date.now(), events }),
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER_USER_AGENT },
    });
    expect(response.statusCode).toBe(202);
    return { account, ids, events };
  }

  it('returns every event in time order with its details, page by page', async () => {
    const { account, ids, events } = await recordVisit();
    const seen: EventPageJson['events'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? 'size=4' : `size=4&cursor=${cursor}`;
      const response = await sendJson(ctx(), account.token, 'GET', `/v1/sessions/${ids.session_id}/events?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<EventPageJson>();
      seen.push(...page.events);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen.map((event) => event.kind).sort()).toEqual(events.map((event) => event.kind).sort());
    expect(seen.map((event) => event.time)).toEqual([...seen.map((event) => event.time)].sort((a, b) => a - b));
    expect(new Set(seen.map((event) => event.id)).size).toBe(events.length);
    expect(seen.find((event) => event.kind === 25)?.details).toEqual({
      message: 'TypeError: x is undefined',
      stack: 'at pay (app.js:1:1)',
    });
    expect(seen.find((event) => event.kind === 30)?.details).toEqual({
      url: 'https://shop.example.com/api',
      method: 'POST',
      status: 502,
      duration: 120,
    });
    expect(seen.find((event) => event.kind === 26)?.details).toEqual({ name: 'checkout', properties: { items: 3 } });
  });

  it('narrows to the kinds asked for', async () => {
    const { account, ids } = await recordVisit();
    const response = await sendJson(ctx(), account.token, 'GET', `/v1/sessions/${ids.session_id}/events?kinds=25,30`);
    expect(response.json<EventPageJson>().events.map((event) => event.kind)).toEqual([25, 30]);
  });

  it('refuses bad paging with a 400 and answers sessions of other accounts as not found', async () => {
    const { account, ids } = await recordVisit();
    const other = await ctx().newAccount();
    const url = `/v1/sessions/${ids.session_id}/events`;
    expectError(await sendJson(ctx(), account.token, 'GET', `${url}?size=0`), 400, {
      type: 'validation_error',
      param: 'size',
    });
    expectError(await sendJson(ctx(), account.token, 'GET', `${url}?kinds=a`), 400, {
      type: 'validation_error',
      param: 'kinds',
    });
    expectError(await sendJson(ctx(), account.token, 'GET', `${url}?cursor=garbage`), 400, {
      type: 'validation_error',
      param: 'cursor',
    });
    expectError(await sendJson(ctx(), other.token, 'GET', url), 404, { type: 'not_found_error' });
  });
});
