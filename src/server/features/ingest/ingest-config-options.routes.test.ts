import { expect, it } from 'vitest';
import { expectError } from '../../test/api-responses.ts';
import { describeApi } from '../../test/harness.ts';
import { batch, ingest, sessionOf } from './test-support/ingest-requests.ts';
import { newVisitIds, publicKeyOf } from '../../test/tracker-ids.ts';

describeApi(
  'POST /v1/ingest behind a proxy, with local pages allowed and a small budget',
  (ctx) => {
    it('limits batches per website per minute with 429, other websites unaffected', async () => {
      const account = await ctx().newAccount();
      const key = await publicKeyOf(ctx(), account.websiteId);
      const ids = newVisitIds();
      for (let sent = 0; sent < 3; sent++) expect((await ingest(ctx(), batch(key, ids))).statusCode).toBe(202);
      const limited = await ingest(ctx(), batch(key, ids));
      expectError(limited, 429, { type: 'rate_limit_error' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const other = await ctx().newAccount();
      expect((await ingest(ctx(), batch(await publicKeyOf(ctx(), other.websiteId), newVisitIds()))).statusCode).toBe(
        202,
      );
    });

    it('takes the address and location from the trusted proxy', async () => {
      const account = await ctx().newAccount();
      const ids = newVisitIds();
      const response = await ingest(ctx(), batch(await publicKeyOf(ctx(), account.websiteId), ids), {
        'x-forwarded-for': '198.51.100.7',
        'cf-ipcountry': 'DE',
        'cf-region': 'Bavaria',
        'cf-ipcity': 'Munich',
      });
      expect(response.statusCode).toBe(202);
      const list = await sessionOf(ctx(), account, `visitor_id=${ids.visitor_id}`);
      expect(list.sessions[0]?.visitor).toMatchObject({
        ip: '198.51.100.7',
        geolocation: { country_code: 'DE', region: 'Bavaria', city: 'Munich' },
      });
    });

    it('accepts pages on localhost when allowed', async () => {
      const account = await ctx().newAccount();
      const key = await publicKeyOf(ctx(), account.websiteId);
      const response = await ingest(ctx(), batch(key, newVisitIds()), { origin: 'http://localhost:5173' });
      expect(response.statusCode).toBe(202);
      expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      const preflight = await ctx().request(null, {
        method: 'OPTIONS',
        url: '/v1/ingest',
        headers: { origin: 'http://127.0.0.1:8080' },
      });
      expect(preflight.statusCode).toBe(204);
    });
  },
  { INGEST_BATCHES_PER_MINUTE: '3', TRUST_PROXY: 'true', INGEST_ALLOW_LOCALHOST: 'true' },
);
