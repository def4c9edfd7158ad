import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { chatAlertBody, webhookBody } from '../test/alerts-and-webhooks.ts';
import { expectError } from '../test/api-responses.ts';
import { type TestAccount, describeApi } from '../test/harness.ts';
import {
  APP_ORIGIN,
  EVIL_ORIGIN,
  asPerson,
  createPerson,
  login,
  sessionCookieOf,
  signedInPerson,
  uniqueEmail,
} from '../test/people.ts';
import { loginRowsFor } from './test-support/sign-in-checks.ts';

describeApi('same-origin checks', (ctx) => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
  });

  const crossSite = (response: LightMyRequestResponse) =>
    expectError(response, 403, { type: 'authorization_error', code: 'cross_site_request', param: null });

  it('refuses a login without an origin, or from another origin, with 403 cross_site_request and no session', async () => {
    const person = await createPerson(ctx().database.db, account.accountId, 'admin');
    const body = { email: person.email, password: person.password };
    for (const response of [
      await login(ctx(), body, { origin: null }),
      await login(ctx(), body, { origin: EVIL_ORIGIN }),
      await login(ctx(), body, { origin: 'null' }),
      await login(ctx(), body, { origin: 'http://app.example.test' }),
      await login(ctx(), body, { origin: 'https://app.example.test.evil.example' }),
      await login(ctx(), body, { origin: null, headers: { referer: `${EVIL_ORIGIN}/login` } }),
      await login(ctx(), body, { origin: null, headers: { 'sec-fetch-site': 'cross-site' } }),
    ]) {
      crossSite(response);
      expect(sessionCookieOf(response)).toBeUndefined();
    }
    expect(await loginRowsFor(ctx(), person.user.user_id)).toHaveLength(0);

    const same = await login(ctx(), body, { origin: APP_ORIGIN });
    expect(same.statusCode, same.body).toBe(200);
    const byReferer = await login(ctx(), body, { origin: null, headers: { referer: `${APP_ORIGIN}/login?next=/` } });
    expect(byReferer.statusCode, byReferer.body).toBe(200);
  });

  it('refuses state-changing cookie requests without a same origin, and lets the same request through with it', async () => {
    const person = await signedInPerson(ctx(), account.accountId, 'admin');
    const db = ctx().database.db;
    const countAlerts = async () =>
      (await db.selectFrom('alerts').select('id').where('account_id', '=', account.accountId).execute()).length;
    const before = await countAlerts();
    for (const origin of [null, EVIL_ORIGIN]) {
      crossSite(
        await asPerson(ctx(), person.cookie, { method: 'POST', url: '/v1/alerts', body: chatAlertBody(), origin }),
      );
      crossSite(
        await asPerson(ctx(), person.cookie, {
          method: 'POST',
          url: '/v1/webhooks',
          body: webhookBody(account.websiteId),
          origin,
        }),
      );
      crossSite(
        await asPerson(ctx(), person.cookie, {
          method: 'POST',
          url: '/v1/users',
          body: { email: uniqueEmail('csrf'), role: 'admin' },
          origin,
        }),
      );
      crossSite(await asPerson(ctx(), person.cookie, { method: 'POST', url: '/v1/auth/logout', origin }));
    }
    expect(await countAlerts()).toBe(before);

    const created = await asPerson(ctx(), person.cookie, {
      method: 'POST',
      url: '/v1/alerts',
      body: chatAlertBody(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const alertId = created.json<{ alert_id: string }>().alert_id;
    for (const origin of [null, EVIL_ORIGIN]) {
      crossSite(
        await asPerson(ctx(), person.cookie, {
          method: 'PUT',
          url: `/v1/alerts/${alertId}`,
          body: { name: 'Hijacked' },
          origin,
        }),
      );
      crossSite(await asPerson(ctx(), person.cookie, { method: 'DELETE', url: `/v1/alerts/${alertId}`, origin }));
    }
    const list = await asPerson(ctx(), person.cookie, { method: 'GET', url: '/v1/alerts', origin: EVIL_ORIGIN });
    // Reads are safe methods: no origin check (the SameSite cookie and no CORS protect them).
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ alert_id: string; name: string }[]>().find((alert) => alert.alert_id === alertId)?.name).toBe(
      'Checkout errors',
    );
    const updated = await asPerson(ctx(), person.cookie, {
      method: 'PUT',
      url: `/v1/alerts/${alertId}`,
      body: { name: 'Renamed' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const deleted = await asPerson(ctx(), person.cookie, { method: 'DELETE', url: `/v1/alerts/${alertId}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The refused logouts did not end the session.
    expect((await asPerson(ctx(), person.cookie, { method: 'GET', url: '/v1/auth/me' })).statusCode).toBe(200);
  });
});
