import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { INGEST_LIMITS } from '../../api/event-catalogue.ts';
import { chatAlertBody, webhookBody } from '../test/alerts-and-webhooks.ts';
import { sendJson } from '../test/api-requests.ts';
import { type TestAccount, describeApi } from '../test/harness.ts';
import { asPerson, signedInPerson } from '../test/people.ts';

/** Characters outside the Basic Multilingual Plane: one character each, two UTF-16 units. */
const emoji = (count: number) => '😀'.repeat(count);
const clientId = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString('hex')}`;

interface Limit {
  label: string;
  max: number;
  /** Sends a value of `length` emoji in the field; answers the status. */
  send(length: number): Promise<{ statusCode: number; body: string }>;
  ok: number;
}

describeApi(
  'every length limit counts characters, emoji included',
  (ctx) => {
    let account: TestAccount;
    let cookie: string;
    let publicKey: string;
    beforeAll(async () => {
      account = await ctx().newAccount();
      cookie = (await signedInPerson(ctx(), account.accountId, 'admin')).cookie;
      const row = await ctx()
        .database.db.selectFrom('websites')
        .select('public_key')
        .where('id', '=', account.websiteId)
        .executeTakeFirstOrThrow();
      publicKey = row.public_key;
    });

    const asAdmin = (method: 'POST' | 'PUT', url: string, body: unknown) =>
      asPerson(ctx(), cookie, { method, url, body });
    const ingestEvent = (event: Record<string, unknown>) =>
      sendJson(ctx(), null, 'POST', '/v1/ingest', {
        key: publicKey,
        batch_id: clientId('b'),
        visitor_id: clientId('v'),
        session_id: clientId('s'),
        sent_at: Date.now(),
        events: [{ time: Date.now(), ...event }],
      });

    const limits = (): Limit[] => [
      {
        label: 'token name',
        max: 100,
        ok: 201,
        send: (n) => asAdmin('POST', '/v1/tokens', { name: emoji(n), scopes: ['alerts:read'] }),
      },
      {
        label: 'person name',
        max: 100,
        ok: 201,
        send: (n) =>
          asAdmin('POST', '/v1/users', {
            email: `p${crypto.randomUUID()}@example.com`,
            name: emoji(n),
            role: 'analyst',
          }),
      },
      {
        label: 'alert name',
        max: 100,
        ok: 201,
        send: (n) => sendJson(ctx(), account.token, 'POST', '/v1/alerts', chatAlertBody({ name: emoji(n) })),
      },
      {
        label: 'alert event value',
        max: 256,
        ok: 201,
        send: (n) =>
          sendJson(
            ctx(),
            account.token,
            'POST',
            '/v1/alerts',
            chatAlertBody({ events: [{ kind: 25, value: emoji(n) }] }),
          ),
      },
      // No chat channel: its form allows ASCII only (notifications/alerts/chat-channel.test.ts).
      {
        label: 'visitor id query',
        max: 256,
        ok: 200,
        send: (n) => sendJson(ctx(), account.token, 'GET', `/v1/sessions?visitor_id=${encodeURIComponent(emoji(n))}`),
      },
      {
        label: 'ingest click text',
        max: INGEST_LIMITS.text,
        ok: 202,
        send: (n) => ingestEvent({ kind: 5, selector: 'a', text: emoji(n) }),
      },
      {
        label: 'ingest selector',
        max: INGEST_LIMITS.selector,
        ok: 202,
        send: (n) => ingestEvent({ kind: 5, selector: emoji(n) }),
      },
      {
        label: 'ingest error message',
        max: INGEST_LIMITS.message,
        ok: 202,
        send: (n) => ingestEvent({ kind: 25, message: emoji(n) }),
      },
      {
        label: 'ingest stack',
        max: INGEST_LIMITS.stack,
        ok: 202,
        send: (n) => ingestEvent({ kind: 25, message: 'x', stack: emoji(n) }),
      },
      {
        label: 'ingest custom event name',
        max: INGEST_LIMITS.name,
        ok: 202,
        send: (n) => ingestEvent({ kind: 26, name: emoji(n) }),
      },
      {
        label: 'ingest property value',
        max: INGEST_LIMITS.propertyValue,
        ok: 202,
        send: (n) => ingestEvent({ kind: 26, name: 'x', properties: { plan: emoji(n) } }),
      },
    ];

    it('accepts each text field at its limit in emoji, and refuses one more with a 400 too_long', async () => {
      const wrong: string[] = [];
      for (const limit of limits()) {
        const at = await limit.send(limit.max);
        if (at.statusCode !== limit.ok) wrong.push(`${limit.label} at ${limit.max}: ${at.statusCode} ${at.body}`);
        const over = await limit.send(limit.max + 1);
        const code = over.statusCode === 400 ? JSON.parse(over.body).error.code : undefined;
        if (code !== 'too_long') wrong.push(`${limit.label} at ${limit.max + 1}: ${over.statusCode} ${over.body}`);
      }
      expect(wrong).toEqual([]);
    });

    it('never answers 500 for astral text anywhere between half a limit and twice it', async () => {
      const wrong: string[] = [];
      for (const limit of limits()) {
        for (const length of [Math.floor(limit.max / 2) + 1, limit.max - 1, limit.max * 2]) {
          const response = await limit.send(length);
          if (response.statusCode >= 500) wrong.push(`${limit.label} at ${length}: ${response.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('answers emoji in the other session filters without a 500', async () => {
      const cases = [
        `tz=${encodeURIComponent(emoji(64))}`,
        `email=${encodeURIComponent(emoji(320))}`,
        `email=${encodeURIComponent(emoji(321))}`,
      ];
      for (const query of cases) {
        const response = await sendJson(ctx(), account.token, 'GET', `/v1/sessions?${query}`);
        expect(response.statusCode, query).toBeLessThan(500);
      }
    });

    it('renames a person to 100 emoji, and refuses 101', async () => {
      const created = await asAdmin('POST', '/v1/users', {
        email: `p${crypto.randomUUID()}@example.com`,
        role: 'analyst',
      });
      const id = created.json<{ user: { user_id: string } }>().user.user_id;
      expect((await asAdmin('PUT', `/v1/users/${id}`, { name: emoji(100) })).statusCode).toBe(200);
      expect((await asAdmin('PUT', `/v1/users/${id}`, { name: emoji(101) })).statusCode).toBe(400);
    });

    it('measures a webhook URL after normalising it, so emoji in the path give a 400, never a 500', async () => {
      const response = await sendJson(
        ctx(),
        account.token,
        'POST',
        '/v1/webhooks',
        webhookBody(account.websiteId, { url: `https://hooks.example.com/${emoji(1000)}` }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('too_long');
    });
  },
  { CHAT_BOT_TOKEN: 'xoxb-test-token', RATE_LIMIT_MAX: '100000', INGEST_BATCHES_PER_MINUTE: '100000' },
);
