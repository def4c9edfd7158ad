/**
 * Clients written for the hosted service, unchanged: every operation its document names, sent in
 * its SDK's shapes (bare token, JSON content type on every request, Slack names, events without a
 * value), each answer validated against its schemas.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestAccount, describeApi } from '../test/harness.ts';
import { expectHostedShape, sdkRequest } from './hosted-client.ts';
import { publicKeyOf } from '../test/tracker-ids.ts';
import { newVisitorId, recordVisit } from './visits.ts';

interface AlertJson {
  alert_id: string;
  provider: string;
  chat_channel_id: string | null;
  slack_channel_id: string | null;
  events: { kind: number; value: string }[];
}

describeApi(
  'hosted service clients',
  (ctx) => {
    let account: TestAccount;
    beforeAll(async () => {
      account = await ctx().newAccount();
    });

    describe('transport', () => {
      it('accepts the token without "Bearer " and with it', async () => {
        for (const authorization of [account.token, `Bearer ${account.token}`, `  ${account.token}`.trim()]) {
          const response = await ctx().app.inject({ method: 'GET', url: '/v1/websites', headers: { authorization } });
          expect(response.statusCode, response.body).toBe(200);
        }
      });

      it('refuses an unknown bare token with 401', async () => {
        const response = await sdkRequest(ctx(), `sa_${'Z'.repeat(40)}`, 'GET', '/v1/websites');
        expect(response.statusCode).toBe(401);
        expectHostedShape(response, 'GET', '/websites');
      });

      it('treats an empty body sent as JSON as no body, on DELETE and GET', async () => {
        const alert = await sdkRequest(ctx(), account.token, 'POST', '/v1/alerts', {
          name: 'To delete',
          events: [{ kind: 25 }],
          provider: 'slack',
          slack_channel_id: 'C1',
        });
        expect(alert.statusCode, alert.body).toBe(201);
        const { alert_id: alertId } = alert.json<AlertJson>();
        const listed = await sdkRequest(ctx(), account.token, 'GET', '/v1/alerts');
        expect(listed.statusCode, listed.body).toBe(200);
        const deleted = await sdkRequest(ctx(), account.token, 'DELETE', `/v1/alerts/${alertId}`);
        expect(deleted.statusCode, deleted.body).toBe(200);
        expectHostedShape(deleted, 'DELETE', '/alerts/{id}');
        expect(deleted.json()).toEqual({ alert_id: alertId, deleted: true });
      });

      it('still refuses a POST whose JSON body is empty, with a 400 naming the body', async () => {
        const response = await sdkRequest(ctx(), account.token, 'POST', '/v1/alerts');
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { type: 'validation_error' } });
      });
    });

    describe('alerts', () => {
      it('takes provider "slack" and slack_channel_id, answering with chat and the channel under both names', async () => {
        const response = await sdkRequest(ctx(), account.token, 'POST', '/v1/alerts', {
          name: 'Errors to Slack',
          events: [{ kind: 25 }, { kind: 21 }, { kind: 5, value: 'Buy' }],
          provider: 'slack',
          slack_channel_id: 'C0SLACK',
        });
        expect(response.statusCode, response.body).toBe(201);
        expectHostedShape(response, 'POST', '/alerts');
        expect(response.json()).toMatchObject({
          provider: 'chat',
          chat_channel_id: 'C0SLACK',
          slack_channel_id: 'C0SLACK',
          // Omitted values: any event of the kind, and 3 clicks for rage clicks.
          events: [
            { kind: 25, value: '' },
            { kind: 21, value: '3' },
            { kind: 5, value: 'Buy' },
          ],
        });
      });

      it('updates with either spelling, and both in one request when they agree', async () => {
        const created = await sdkRequest(ctx(), account.token, 'POST', '/v1/alerts', {
          name: 'Mixed',
          events: [{ kind: 24 }],
          provider: 'chat',
          chat_channel_id: 'C0A',
        });
        const { alert_id: alertId } = created.json<AlertJson>();
        const renamed = await sdkRequest(ctx(), account.token, 'PUT', `/v1/alerts/${alertId}`, {
          provider: 'slack',
          slack_channel_id: 'C0B',
        });
        expect(renamed.statusCode, renamed.body).toBe(200);
        expectHostedShape(renamed, 'PUT', '/alerts/{id}');
        expect(renamed.json()).toMatchObject({ provider: 'chat', chat_channel_id: 'C0B', slack_channel_id: 'C0B' });
        const both = await sdkRequest(ctx(), account.token, 'PUT', `/v1/alerts/${alertId}`, {
          chat_channel_id: 'C0C',
          slack_channel_id: 'C0C',
          events: [{ kind: 21 }],
        });
        expect(both.statusCode, both.body).toBe(200);
        expect(both.json()).toMatchObject({ chat_channel_id: 'C0C', events: [{ kind: 21, value: '3' }] });
      });

      it('refuses both channel names with different values: 400 naming slack_channel_id, nothing stored', async () => {
        const before = await sdkRequest(ctx(), account.token, 'GET', '/v1/alerts');
        const response = await sdkRequest(ctx(), account.token, 'POST', '/v1/alerts', {
          name: 'Conflict',
          events: [{ kind: 25 }],
          provider: 'slack',
          chat_channel_id: 'C0ONE',
          slack_channel_id: 'C0TWO',
        });
        expect(response.statusCode).toBe(400);
        expectHostedShape(response, 'POST', '/alerts');
        expect(response.json()).toMatchObject({
          error: { type: 'validation_error', code: 'conflicting_value', param: 'slack_channel_id' },
        });
        expect((await sdkRequest(ctx(), account.token, 'GET', '/v1/alerts')).json()).toEqual(before.json());
      });

      it('still checks a rage click value that is given', async () => {
        const response = await sdkRequest(ctx(), account.token, 'POST', '/v1/alerts', {
          name: 'Bad threshold',
          events: [{ kind: 21, value: '2' }],
          provider: 'slack',
          slack_channel_id: 'C1',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { param: 'events.0.value' } });
      });

      it('lists alerts of both providers in the hosted shape', async () => {
        const webhook = await sdkRequest(ctx(), account.token, 'POST', '/v1/webhooks', {
          url: 'https://hooks.example.com/alerts',
          website_id: account.websiteId,
          version: 'v1.0',
        });
        const { webhook_id: webhookId } = webhook.json<{ webhook_id: string }>();
        const created = await sdkRequest(ctx(), account.token, 'POST', '/v1/alerts', {
          name: 'To a webhook',
          events: [{ kind: 30 }],
          provider: 'webhooks',
          webhook_id: webhookId,
        });
        expect(created.statusCode, created.body).toBe(201);
        const listed = await sdkRequest(ctx(), account.token, 'GET', '/v1/alerts');
        expect(listed.statusCode).toBe(200);
        expectHostedShape(listed, 'GET', '/alerts');
        const providers = new Set(listed.json<AlertJson[]>().map((alert) => alert.provider));
        expect(providers).toEqual(new Set(['chat', 'webhooks']));
      });
    });

    describe('webhooks', () => {
      it('creates (with the secret, once), lists, updates and deletes in the hosted shapes', async () => {
        const created = await sdkRequest(ctx(), account.token, 'POST', '/v1/webhooks', {
          url: 'https://hooks.example.com/crm',
          website_id: account.websiteId,
          version: 'v1.0',
        });
        expect(created.statusCode, created.body).toBe(201);
        expectHostedShape(created, 'POST', '/webhooks');
        const { webhook_id: webhookId, secret } = created.json<{ webhook_id: string; secret: string }>();
        expect(secret).toMatch(/^whsec_/);

        const listed = await sdkRequest(ctx(), account.token, 'GET', '/v1/webhooks');
        expectHostedShape(listed, 'GET', '/webhooks');
        expect(listed.body).not.toContain(secret);

        const updated = await sdkRequest(ctx(), account.token, 'PUT', `/v1/webhooks/${webhookId}?version=v1.0`, {
          url: 'https://hooks.example.com/crm2',
          website_id: account.websiteId,
          version: 'v1.0',
        });
        expect(updated.statusCode, updated.body).toBe(200);
        expectHostedShape(updated, 'PUT', '/webhooks/{id}');
        expect(updated.body).not.toContain(secret);

        const deleted = await sdkRequest(ctx(), account.token, 'DELETE', `/v1/webhooks/${webhookId}`);
        expect(deleted.statusCode, deleted.body).toBe(200);
        expectHostedShape(deleted, 'DELETE', '/webhooks/{id}');
      });

      it('keeps refusing http:// targets and versions other than v1.0 (400 in the hosted error shape)', async () => {
        for (const body of [
          { url: 'http://hooks.example.com/x', website_id: account.websiteId, version: 'v1.0' },
          { url: 'https://hooks.example.com/x', website_id: account.websiteId, version: 'v2.0' },
        ]) {
          const response = await sdkRequest(ctx(), account.token, 'POST', '/v1/webhooks', body);
          expect(response.statusCode).toBe(400);
          expectHostedShape(response, 'POST', '/webhooks');
        }
      });
    });

    describe('websites', () => {
      it('creates a website from {host, description} and lists it, in the hosted shapes', async () => {
        const created = await sdkRequest(ctx(), account.token, 'POST', '/v1/websites', {
          host: 'Docs.Example.com',
          description: 'Product documentation',
        });
        expect(created.statusCode, created.body).toBe(201);
        expectHostedShape(created, 'POST', '/websites');
        expect(created.json()).toMatchObject({
          host: 'docs.example.com',
          name: 'docs.example.com',
          description: 'Product documentation',
          public_key: expect.stringMatching(/^pk_/),
          snippet: expect.stringContaining('data-key="pk_'),
          last_event_at: null,
        });
        const listed = await sdkRequest(ctx(), account.token, 'GET', '/v1/websites');
        expectHostedShape(listed, 'GET', '/websites');
        const conflict = await sdkRequest(ctx(), account.token, 'POST', '/v1/websites', { host: 'docs.example.com' });
        expect(conflict.statusCode).toBe(409);
        expectHostedShape(conflict, 'POST', '/websites');
      });
    });

    describe('sessions', () => {
      it('every visitor carries strings for name, e-mail and hash, and its exact session count', async () => {
        const key = await publicKeyOf(ctx(), account.websiteId);
        const returning = newVisitorId();
        const anonymous = newVisitorId();
        await recordVisit(ctx(), key, returning, [{ kind: 4, email: 'Ana@Example.com', name: 'Ana' }]);
        await recordVisit(ctx(), key, returning);
        await recordVisit(ctx(), key, anonymous);

        const response = await sdkRequest(ctx(), account.token, 'GET', '/v1/sessions?date_from=TODAY');
        expect(response.statusCode, response.body).toBe(200);
        expectHostedShape(response, 'GET', '/sessions');
        const { sessions } = response.json<{
          sessions: {
            visitor: {
              id: string;
              name: string;
              email: string;
              email_hash: string;
              sessions_statistics: { count: number };
            };
          }[];
        }>();
        const visitors = new Map(sessions.map((session) => [session.visitor.id, session.visitor]));
        expect(visitors.get(returning)).toMatchObject({
          name: 'Ana',
          email: 'Ana@Example.com',
          sessions_statistics: { count: 2 },
        });
        expect(visitors.get(anonymous)).toMatchObject({
          name: '',
          email: '',
          email_hash: '',
          sessions_statistics: { count: 1 },
        });
      });

      it('answers a bad filter with the hosted error shape', async () => {
        const response = await sdkRequest(ctx(), account.token, 'GET', '/v1/sessions?size=abc');
        expect(response.statusCode).toBe(400);
        expectHostedShape(response, 'GET', '/sessions');
      });
    });
  },
  { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'false' },
);
