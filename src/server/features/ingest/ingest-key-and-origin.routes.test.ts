import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/api-responses.ts';
import { type TestAccount, describeApi } from '../../test/harness.ts';
import { batch, countRows, ingest, sessionOf } from './test-support/ingest-requests.ts';
import { newVisitIds, publicKeyOf } from '../../test/tracker-ids.ts';

describeApi('POST /v1/ingest: the website key and the origin', (ctx) => {
  let account: TestAccount;
  let key: string;
  beforeAll(async () => {
    account = await ctx().newAccount();
    key = await publicKeyOf(ctx(), account.websiteId);
  });

  it('answers an unknown key with 401 in the error envelope, and records nothing', async () => {
    const other = await ctx().newAccount();
    const sessions = await countRows(ctx(), 'sessions', other.accountId);
    for (const wrong of [
      `pk_${'0'.repeat(32)}`,
      'not-a-key',
      (await publicKeyOf(ctx(), other.websiteId)).toUpperCase(),
    ]) {
      expectError(await ingest(ctx(), batch(wrong, newVisitIds())), 401, { type: 'authentication_error', param: null });
    }
    expect(await countRows(ctx(), 'sessions', other.accountId)).toBe(sessions);
  });

  describe('CORS', () => {
    const preflight = (origin?: string) =>
      ctx().request(null, {
        method: 'OPTIONS',
        url: '/v1/ingest',
        headers: {
          ...(origin ? { origin } : {}),
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });

    it('grants a preflight to the website host and its subdomains', async () => {
      for (const origin of ['https://shop.example.com', 'https://www.shop.example.com']) {
        const response = await preflight(origin);
        expect(response.statusCode, origin).toBe(204);
        expect(response.headers['access-control-allow-origin']).toBe(origin);
        expect(response.headers['access-control-allow-methods']).toContain('POST');
        expect(response.headers['access-control-allow-headers']).toContain('content-type');
        expect(response.headers.vary).toContain('Origin');
      }
    });

    it('refuses a preflight from another origin or from localhost, without CORS headers', async () => {
      for (const origin of ['https://evil.example.net', 'https://example.com', 'http://localhost:5173', 'null']) {
        const response = await preflight(origin);
        expectError(response, 403, { type: 'authorization_error', code: 'origin_not_allowed' });
        expect(response.headers['access-control-allow-origin'], origin).toBeUndefined();
      }
    });

    it("allows a batch from the website's origin and answers with its origin", async () => {
      for (const origin of ['https://shop.example.com', 'http://m.shop.example.com:8080']) {
        const response = await ingest(ctx(), batch(key, newVisitIds()), { origin });
        expect(response.statusCode, response.body).toBe(202);
        expect(response.headers['access-control-allow-origin']).toBe(origin);
      }
    });

    it('refuses a batch from another origin with 403 and records nothing', async () => {
      const ids = newVisitIds();
      for (const origin of ['https://evil.example.net', 'https://blog.example.com', 'http://localhost:3000', 'null']) {
        const response = await ingest(ctx(), batch(key, ids), { origin });
        expectError(response, 403, { type: 'authorization_error', code: 'origin_not_allowed' });
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      }
      expect((await sessionOf(ctx(), account, `visitor_id=${ids.visitor_id}`)).total).toBe(0);
    });

    it('accepts a batch without Origin (not a browser) without CORS headers', async () => {
      const response = await ingest(ctx(), batch(key, newVisitIds()));
      expect(response.statusCode).toBe(202);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
