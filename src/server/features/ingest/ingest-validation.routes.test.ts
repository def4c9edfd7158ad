import { beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../test/api-requests.ts';
import { expectError } from '../../test/api-responses.ts';
import { type TestAccount, describeApi } from '../../test/harness.ts';
import { START_URL, batch, ingest } from './test-support/ingest-requests.ts';
import { newVisitIds, publicKeyOf } from '../../test/tracker-ids.ts';

describeApi('POST /v1/ingest: bodies and content types', (ctx) => {
  let account: TestAccount;
  let key: string;
  beforeAll(async () => {
    account = await ctx().newAccount();
    key = await publicKeyOf(ctx(), account.websiteId);
  });

  describe('refuses bad input with a 400 naming the field', () => {
    const now = Date.now();
    const event = (fields: Record<string, unknown>) => [
      { kind: 3, time: now, url: START_URL },
      { time: now, ...fields },
    ];
    const cases: [
      name: string,
      mutate: (body: Record<string, unknown>) => unknown,
      param: string | null,
      code?: string,
    ][] = [
      ['no key', ({ key: _key, ...rest }) => rest, 'key', 'required'],
      ['no events', (body) => ({ ...body, events: [] }), 'events', 'too_few_items'],
      [
        'more than 100 events',
        (body) => ({ ...body, events: Array.from({ length: 101 }, () => ({ kind: 5, time: now, selector: 'a' })) }),
        'events',
        'too_many_items',
      ],
      ['an unknown top-level field', (body) => ({ ...body, extra: 1 }), 'extra', 'unknown_parameter'],
      [
        'an unknown event field',
        (body) => ({ ...body, events: event({ kind: 5, selector: 'a', color: 'red' }) }),
        'events.1.color',
        'unknown_parameter',
      ],
      [
        'a field another kind has',
        (body) => ({ ...body, events: event({ kind: 3, url: START_URL, click_count: 3 }) }),
        'events.1.click_count',
        'unknown_parameter',
      ],
      ['an unknown kind', (body) => ({ ...body, events: event({ kind: 7 }) }), 'events.1.kind', 'invalid_value'],
      [
        'a kind as a string',
        (body) => ({ ...body, events: event({ kind: '5', selector: 'a' }) }),
        'events.1.kind',
        'invalid_type',
      ],
      [
        'a click without a selector',
        (body) => ({ ...body, events: event({ kind: 5, text: 'Buy' }) }),
        'events.1.selector',
        'required',
      ],
      ['a page view without a URL', (body) => ({ ...body, events: event({ kind: 3 }) }), 'events.1.url', 'required'],
      [
        'a custom event without a name',
        (body) => ({ ...body, events: event({ kind: 26 }) }),
        'events.1.name',
        'required',
      ],
      [
        'a network error without a status',
        (body) => ({ ...body, events: event({ kind: 30, url: START_URL }) }),
        'events.1.status',
        'required',
      ],
      [
        'a rage click of 2 clicks',
        (body) => ({ ...body, events: event({ kind: 21, selector: 'a', click_count: 2 }) }),
        'events.1.click_count',
        'out_of_range',
      ],
      ['an empty identify', (body) => ({ ...body, events: event({ kind: 4 }) }), 'events.1.email', 'required'],
      [
        'an e-mail without @',
        (body) => ({ ...body, events: event({ kind: 4, email: 'grace' }) }),
        'events.1.email',
        'invalid_value',
      ],
      [
        'an event two days before sent_at',
        (body) => ({ ...body, events: [{ kind: 3, time: now - 2 * 86_400_000, url: START_URL }] }),
        'events.0.time',
        'out_of_range',
      ],
      [
        'an event an hour after sent_at',
        (body) => ({ ...body, events: [{ kind: 3, time: now + 3_600_000, url: START_URL }] }),
        'events.0.time',
        'out_of_range',
      ],
      ['a batch_id with spaces', (body) => ({ ...body, batch_id: 'b b b b b b' }), 'batch_id', 'invalid_value'],
      ['a too short session_id', (body) => ({ ...body, session_id: 's_1' }), 'session_id', 'invalid_value'],
      [
        'a message over 1024 characters',
        (body) => ({ ...body, events: event({ kind: 25, message: 'x'.repeat(1025) }) }),
        'events.1.message',
        'too_long',
      ],
      [
        '51 custom properties',
        (body) => ({
          ...body,
          events: event({
            kind: 26,
            name: 'n',
            properties: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, i])),
          }),
        }),
        'events.1.properties',
        'invalid_value',
      ],
      [
        'an object as a property value',
        (body) => ({ ...body, events: event({ kind: 26, name: 'n', properties: { nested: { a: 1 } } }) }),
        'events.1.properties.nested',
      ],
      [
        'a NUL character',
        (body) => ({ ...body, events: event({ kind: 24, message: 'a\u0000b' }) }),
        'events.1.message',
        'invalid_character',
      ],
      ['a JSON array', () => [], null, 'invalid_type'],
    ];
    it.each(cases)('%s', async (_name, mutate, param, code) => {
      const response = await ingest(ctx(), mutate(batch(key, newVisitIds(), [{ kind: 3, time: now, url: START_URL }])));
      expectError(response, 400, { type: 'validation_error', param, ...(code ? { code } : {}) });
    });

    it('invalid JSON, as JSON or as text', async () => {
      for (const contentType of ['application/json', 'text/plain']) {
        expectError(await sendRaw(ctx(), null, 'POST', '/v1/ingest', '{"key":', contentType), 400, {
          type: 'validation_error',
          code: 'invalid_json',
        });
      }
    });
  });

  it('accepts the body as text/plain (as sendBeacon sends it)', async () => {
    const ids = newVisitIds();
    for (const contentType of ['text/plain', 'text/plain;charset=UTF-8']) {
      const response = await sendRaw(ctx(), null, 'POST', '/v1/ingest', JSON.stringify(batch(key, ids)), contentType);
      expect(response.statusCode, response.body).toBe(202);
    }
  });

  it('keeps text/plain a 415 everywhere else, and other types a 415 here', async () => {
    const alerts = await sendRaw(ctx(), account.token, 'POST', '/v1/alerts', '{"name":"x"}', 'text/plain');
    expectError(alerts, 415, { type: 'validation_error', code: 'unsupported_media_type' });
    const form = await sendRaw(ctx(), null, 'POST', '/v1/ingest', 'key=x', 'application/x-www-form-urlencoded');
    expectError(form, 415, { type: 'validation_error', code: 'unsupported_media_type' });
  });

  it('answers a body over 64 KiB with 413', async () => {
    const body = batch(key, newVisitIds(), [{ kind: 24, time: Date.now(), message: 'x'.repeat(70 * 1024) }]);
    for (const contentType of ['application/json', 'text/plain']) {
      const response = await sendRaw(ctx(), null, 'POST', '/v1/ingest', JSON.stringify(body), contentType);
      expectError(response, 413, { type: 'validation_error', code: 'body_too_large', message: '65536' });
    }
  });
});
