import { beforeAll, describe, expect, it } from 'vitest';
import { type WebhookJson, createWebhook, webhookBody } from '../../../test/alerts-and-webhooks.ts';
import { expectError, expectNoSecret, expectSameErrorApartFromRequestId } from '../../../test/api-responses.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import { EVIL_ORIGIN, asPerson, signedInPerson } from '../../../test/people.ts';

const SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/** Asserts a Standard Webhooks secret (`whsec_` and base64 of 32 random bytes) and returns it. */
function expectSigningSecret(value: unknown): string {
  expect(typeof value).toBe('string');
  const match = SECRET.exec(value as string);
  expect(match, String(value)).not.toBeNull();
  const encoded = match?.[1] ?? '';
  const bytes = Buffer.from(encoded, 'base64');
  expect(bytes.length).toBe(32);
  // Canonical base64: decoding and encoding again gives the same text.
  expect(bytes.toString('base64')).toBe(encoded);
  return value as string;
}

describeApi('webhook signing secrets', (ctx) => {
  let account: TestAccount;
  let admin: Awaited<ReturnType<typeof signedInPerson>>;
  beforeAll(async () => {
    account = await ctx().newAccount();
    admin = await signedInPerson(ctx(), account.accountId, 'admin');
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = admin.cookie) =>
    asPerson(ctx(), cookie, { method, url, ...(body === undefined ? {} : { body }) });

  async function storedSecret(webhookId: string): Promise<string> {
    const row = await ctx()
      .database.db.selectFrom('webhooks')
      .select('secret')
      .where('id', '=', webhookId)
      .executeTakeFirstOrThrow();
    return row.secret;
  }

  async function reveal(webhookId: string, cookie = admin.cookie): Promise<string> {
    const response = await asAdmin('GET', `/v1/webhooks/${webhookId}/secret`, undefined, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ webhook_id: string; secret: string }>();
    expect(Object.keys(body).sort()).toEqual(['secret', 'webhook_id']);
    expect(body.webhook_id).toBe(webhookId);
    return expectSigningSecret(body.secret);
  }

  it('GET …/secret shows an admin the webhook’s own whsec_ secret, the same on every read', async () => {
    const first = await createWebhook(ctx(), account);
    const second = await createWebhook(ctx(), account);
    const secret = await reveal(first.webhook_id);
    expect(secret).toBe(await storedSecret(first.webhook_id));
    expect(await reveal(first.webhook_id)).toBe(secret);
    const other = await reveal(second.webhook_id);
    expect(other).not.toBe(secret);
  });

  it('POST …/secret/rotate replaces it: a different secret, which GET then returns', async () => {
    const webhook = await createWebhook(ctx(), account);
    const old = await reveal(webhook.webhook_id);
    const rotated = await asAdmin('POST', `/v1/webhooks/${webhook.webhook_id}/secret/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const body = rotated.json<{ webhook_id: string; secret: string; previous_secret_expires_at: number }>();
    expect(Object.keys(body).sort()).toEqual(['previous_secret_expires_at', 'secret', 'webhook_id']);
    expect(body.webhook_id).toBe(webhook.webhook_id);
    expect(rotated.body).not.toContain(old.slice('whsec_'.length));
    const fresh = expectSigningSecret(body.secret);
    expect(fresh).not.toBe(old);
    expect(await reveal(webhook.webhook_id)).toBe(fresh);
    expect(await storedSecret(webhook.webhook_id)).toBe(fresh);

    const again = await asAdmin('POST', `/v1/webhooks/${webhook.webhook_id}/secret/rotate`);
    expect(again.json<{ secret: string }>().secret).not.toBe(fresh);
    expect(await reveal(webhook.webhook_id)).toBe(again.json<{ secret: string }>().secret);
  });

  it('rotating touches only that webhook, and keeps the webhook otherwise as it was', async () => {
    const target = await createWebhook(ctx(), account);
    const bystander = await createWebhook(ctx(), account);
    const bystanderSecret = await reveal(bystander.webhook_id);
    const list = async () => {
      const response = await asAdmin('GET', '/v1/webhooks');
      expect(response.statusCode).toBe(200);
      return response.json<WebhookJson[]>();
    };
    const before = await list();
    const rotated = await asAdmin('POST', `/v1/webhooks/${target.webhook_id}/secret/rotate`);
    expect(rotated.statusCode).toBe(200);
    const until = rotated.json<{ previous_secret_expires_at: number }>().previous_secret_expires_at;
    expect(await reveal(bystander.webhook_id)).toBe(bystanderSecret);
    // Only the rotated webhook now says until when its previous secret signs.
    expect(await list()).toEqual(
      before.map((webhook) =>
        webhook.webhook_id === target.webhook_id ? { ...webhook, previous_secret_expires_at: until } : webhook,
      ),
    );
  });

  it('shows the secret once, on creation, and never in list, update or delete responses', async () => {
    const created = await asAdmin('POST', '/v1/webhooks', webhookBody(account.websiteId));
    expect(created.statusCode, created.body).toBe(201);
    const webhook = created.json<WebhookJson & { secret: string }>();
    expect(webhook.created_by).toBe(admin.email);
    const secret = await reveal(webhook.webhook_id);
    expect(webhook.secret).toBe(secret);

    const updated = await asAdmin('PUT', `/v1/webhooks/${webhook.webhook_id}?version=v1.0`, {
      ...webhookBody(account.websiteId),
      url: 'https://hooks.example.com/moved',
      enabled: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expectNoSecret(updated);
    expect(updated.body).not.toContain(secret.slice('whsec_'.length));

    for (const response of [
      await asAdmin('GET', '/v1/webhooks'),
      await ctx().request(account.token, { method: 'GET', url: '/v1/webhooks' }),
    ]) {
      expect(response.statusCode).toBe(200);
      expectNoSecret(response);
      expect(response.body).not.toContain(secret.slice('whsec_'.length));
      expect(response.json<WebhookJson[]>().map((item) => item.webhook_id)).toContain(webhook.webhook_id);
    }
    // Updating does not change the secret.
    expect(await reveal(webhook.webhook_id)).toBe(secret);

    const deleted = await asAdmin('DELETE', `/v1/webhooks/${webhook.webhook_id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectNoSecret(deleted);
    expectError(await asAdmin('GET', `/v1/webhooks/${webhook.webhook_id}/secret`), 404, { type: 'not_found_error' });
  });

  it("answers another account's webhook exactly as an unknown one (404), and leaves its secret alone", async () => {
    const other = await ctx().newAccount();
    const theirs = await createWebhook(ctx(), other);
    const theirSecret = await storedSecret(theirs.webhook_id);
    for (const [method, suffix] of [
      ['GET', 'secret'],
      ['POST', 'secret/rotate'],
    ] as const) {
      const foreign = await asAdmin(method, `/v1/webhooks/${theirs.webhook_id}/${suffix}`);
      const unknown = await asAdmin(method, `/v1/webhooks/whk_doesnotexist0000000000/${suffix}`);
      expectError(foreign, 404, { type: 'not_found_error', code: 'not_found' });
      expectError(unknown, 404, { type: 'not_found_error', code: 'not_found' });
      expectSameErrorApartFromRequestId(unknown, foreign);
      expect(foreign.body).not.toContain('whsec_');
    }
    expect(await storedSecret(theirs.webhook_id)).toBe(theirSecret);
  });

  describe('who may see and rotate it', () => {
    let webhook: WebhookJson;
    let secret: string;
    beforeAll(async () => {
      webhook = await createWebhook(ctx(), account);
      secret = await storedSecret(webhook.webhook_id);
    });

    it('refuses every API token, even one with all scopes: 403 "Only an admin can do this"', async () => {
      for (const [method, suffix] of [
        ['GET', 'secret'],
        ['POST', 'secret/rotate'],
      ] as const) {
        const response = await ctx().request(account.token, {
          method,
          url: `/v1/webhooks/${webhook.webhook_id}/${suffix}`,
        });
        expectError(response, 403, {
          type: 'authorization_error',
          code: 'insufficient_scope',
          param: null,
          message: 'Only an admin can do this',
        });
        expect(response.body).not.toContain('whsec_');
      }
      expect(await storedSecret(webhook.webhook_id)).toBe(secret);
    });

    it('refuses analysts (who read webhooks) and support people', async () => {
      for (const role of ['analyst', 'support'] as const) {
        const person = await signedInPerson(ctx(), account.accountId, role);
        for (const [method, suffix] of [
          ['GET', 'secret'],
          ['POST', 'secret/rotate'],
        ] as const) {
          const response = await asAdmin(
            method,
            `/v1/webhooks/${webhook.webhook_id}/${suffix}`,
            undefined,
            person.cookie,
          );
          expectError(response, 403, { type: 'authorization_error', message: 'Only an admin can do this' });
          expect(response.body).not.toContain('whsec_');
        }
      }
      expect(await storedSecret(webhook.webhook_id)).toBe(secret);
    });

    it('refuses a rotation from another site (403 cross_site_request)', async () => {
      for (const origin of [null, EVIL_ORIGIN]) {
        const response = await asPerson(ctx(), admin.cookie, {
          method: 'POST',
          url: `/v1/webhooks/${webhook.webhook_id}/secret/rotate`,
          origin,
        });
        expectError(response, 403, { type: 'authorization_error', code: 'cross_site_request' });
      }
      expect(await storedSecret(webhook.webhook_id)).toBe(secret);
    });
  });
});
