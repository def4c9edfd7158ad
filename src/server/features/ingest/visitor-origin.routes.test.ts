import { beforeAll, expect, it } from 'vitest';
import { sendJson } from '../../test/api-requests.ts';
import { type TestAccount, type TestContext, describeApi } from '../../test/harness.ts';
import { asPerson, signedInPerson } from '../../test/people.ts';
import { clientId } from '../../test/tracker-ids.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36';
const GOOGLEBOT =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.6943.98 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function publicKey(ctx: TestContext, websiteId: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('websites')
    .select('public_key')
    .where('id', '=', websiteId)
    .executeTakeFirstOrThrow();
  return row.public_key;
}

interface Visit {
  key: string;
  userAgent?: string;
  headers?: Record<string, string>;
  extra?: Record<string, unknown>;
}

/** Sends a one-page visit from a new visitor; answers the response and the visitor id. */
async function visit(ctx: TestContext, { key, userAgent = CHROME_WINDOWS, headers = {}, extra = {} }: Visit) {
  const now = Date.now();
  const visitorId = clientId('v');
  const response = await ctx.request(null, {
    method: 'POST',
    url: '/v1/ingest',
    payload: JSON.stringify({
      key,
      batch_id: clientId('b'),
      visitor_id: visitorId,
      session_id: clientId('s'),
      sent_at: now,
      events: [
        { kind: 1, time: now - 1000, url: 'https://shop.example.com/' },
        { kind: 3, time: now - 1000, url: 'https://shop.example.com/' },
      ],
      ...extra,
    }),
    headers: { 'content-type': 'application/json', 'user-agent': userAgent, ...headers },
  });
  return { response, visitorId };
}

async function sessionOf(ctx: TestContext, account: TestAccount, visitorId: string) {
  const response = await sendJson(ctx, account.token, 'GET', `/v1/sessions?visitor_id=${visitorId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ total: number; sessions: Record<string, unknown>[] }>().sessions[0];
}

describeApi(
  'POST /v1/ingest: who the visitor is and where from',
  (ctx) => {
    let account: TestAccount;
    let key: string;
    beforeAll(async () => {
      account = await ctx().newAccount();
      key = await publicKey(ctx(), account.websiteId);
    });

    it('answers a known bot 202 and records nothing of it', async () => {
      const { response, visitorId } = await visit(ctx(), { key, userAgent: GOOGLEBOT });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual({ accepted: 0 });
      expect(await sessionOf(ctx(), account, visitorId)).toBeUndefined();
      const events = await ctx()
        .database.db.selectFrom('session_events')
        .select('id')
        .where('account_id', '=', account.accountId)
        .execute();
      expect(events).toEqual([]);
    });

    it('still refuses a bad batch from a bot with 400', async () => {
      const { response } = await visit(ctx(), { key, userAgent: GOOGLEBOT, extra: { events: [] } });
      expect(response.statusCode).toBe(400);
    });

    it('reads Windows 11 and the full browser version from the Client Hints in the batch', async () => {
      const { response, visitorId } = await visit(ctx(), {
        key,
        extra: {
          client_hints: {
            platform: 'Windows',
            platform_version: '15.0.0',
            mobile: false,
            full_version_list: [
              { brand: 'Not(A:Brand', version: '99.0.0.0' },
              { brand: 'Google Chrome', version: '133.0.6943.98' },
            ],
          },
        },
      });
      expect(response.statusCode, response.body).toBe(202);
      expect(await sessionOf(ctx(), account, visitorId)).toMatchObject({
        device: 'desktop',
        os: { name: 'Windows', version: '11' },
        browser: { name: 'Chrome', version: '133.0.6943.98', description: CHROME_WINDOWS },
      });
    });

    it('refuses malformed Client Hints with 400 naming the field', async () => {
      const { response } = await visit(ctx(), { key, extra: { client_hints: { platform_version: '15; DROP' } } });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('client_hints');
    });

    it('locates the visitor from the address with the bundled database when no proxy header says', async () => {
      const { visitorId } = await visit(ctx(), { key, headers: { 'x-forwarded-for': '8.8.8.8' } });
      expect((await sessionOf(ctx(), account, visitorId))?.visitor).toMatchObject({
        ip: '8.8.8.8',
        geolocation: { country_code: 'US', region: 'California', city: 'Mountain View' },
      });
    });

    it("lets a trusted proxy's location headers win over the database", async () => {
      const { visitorId } = await visit(ctx(), {
        key,
        headers: { 'x-forwarded-for': '8.8.8.8', 'cf-ipcountry': 'DE', 'cf-ipcity': 'Munich' },
      });
      expect((await sessionOf(ctx(), account, visitorId))?.visitor).toMatchObject({
        geolocation: { country_code: 'DE', city: 'Munich' },
      });
    });

    it('gives a private address an empty location', async () => {
      const { visitorId } = await visit(ctx(), { key, headers: { 'x-forwarded-for': '192.168.1.20' } });
      expect((await sessionOf(ctx(), account, visitorId))?.visitor).toMatchObject({
        ip: '192.168.1.20',
        geolocation: { country_code: '', region: '', city: '' },
      });
    });

    it('stores addresses truncated once the account asks, still located from the full address', async () => {
      const other = await ctx().newAccount();
      const admin = await signedInPerson(ctx(), other.accountId, 'admin');
      const otherKey = await publicKey(ctx(), other.websiteId);
      const switched = await asPerson(ctx(), admin.cookie, {
        method: 'PUT',
        url: '/v1/account',
        body: { ip_truncation: true },
      });
      expect(switched.statusCode, switched.body).toBe(200);

      const v4 = await visit(ctx(), { key: otherKey, headers: { 'x-forwarded-for': '8.8.8.8' } });
      expect((await sessionOf(ctx(), other, v4.visitorId))?.visitor).toMatchObject({
        ip: '8.8.8.0',
        geolocation: { country_code: 'US', city: 'Mountain View' },
      });
      const v6 = await visit(ctx(), { key: otherKey, headers: { 'x-forwarded-for': '2001:4860:4860::8888' } });
      const located = (await sessionOf(ctx(), other, v6.visitorId))?.visitor as { ip: string; geolocation: object };
      expect(located.ip).toBe('2001:4860:4860::');
      expect(located.geolocation).toMatchObject({ country_code: expect.stringMatching(/^[A-Z]{2}$/) });

      // Another account keeps whole addresses.
      const whole = await visit(ctx(), { key, headers: { 'x-forwarded-for': '8.8.4.4' } });
      expect((await sessionOf(ctx(), account, whole.visitorId))?.visitor).toMatchObject({ ip: '8.8.4.4' });
    });
  },
  { TRUST_PROXY: 'true' },
);
