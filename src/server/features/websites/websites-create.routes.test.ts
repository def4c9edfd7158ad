import { beforeAll, expect, it } from 'vitest';
import { sendJson } from '../../test/api-requests.ts';
import { expectError } from '../../test/api-responses.ts';
import { type TestAccount, describeApi } from '../../test/harness.ts';

describeApi('POST /v1/websites', (ctx) => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
  });

  it('201 with the website, its public key and snippet; the name defaults to the host', async () => {
    const response = await sendJson(ctx(), account.token, 'POST', '/v1/websites', { host: 'Blog.Example.com' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      website_id: expect.stringMatching(/^\S{8,64}$/),
      host: 'blog.example.com',
      name: 'blog.example.com',
      description: '',
      public_key: expect.stringMatching(/^pk_[0-9a-f]{32}$/),
      snippet: expect.stringMatching(
        /^<script async src="https:\/\/app\.example\.test\/t\.js" data-key="pk_[0-9a-f]{32}"><\/script>$/,
      ),
      last_event_at: null,
    });
    const listed = await sendJson(ctx(), account.token, 'GET', '/v1/websites');
    expect(listed.json<{ host: string }[]>().map((website) => website.host)).toContain('blog.example.com');
  });

  it.each([
    ['Bücher.example', 'xn--bcher-kva.example'],
    ['localhost:8080', 'localhost:8080'],
    ['  shop2.example.com  ', 'shop2.example.com'],
  ])('normalises %j to %j', async (host, stored) => {
    const response = await sendJson(ctx(), account.token, 'POST', '/v1/websites', { host, name: ` ${stored} site ` });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ host: stored, name: `${stored} site` });
  });

  it.each([
    'https://shop.example.com',
    'shop.example.com/path',
    'shop.example.com?x=1',
    'user@shop.example.com',
    'shop..example.com',
    '-shop.example.com',
    'shop.example.com:0',
    'shop.example.com:65536',
    'shop.example.com:',
    '[::1]',
    'shop example.com',
    ' ',
  ])('refuses the host %j: 400 invalid_host', async (host) => {
    const response = await sendJson(ctx(), account.token, 'POST', '/v1/websites', { host });
    expectError(response, 400, { type: 'validation_error', param: 'host' });
  });

  it('refuses a host the account already has (also written differently): 409, and another account may have it', async () => {
    expect(
      (await sendJson(ctx(), account.token, 'POST', '/v1/websites', { host: 'unique.example.com' })).statusCode,
    ).toBe(201);
    const again = await sendJson(ctx(), account.token, 'POST', '/v1/websites', { host: 'UNIQUE.example.com' });
    expectError(again, 409, { type: 'conflict_error', code: 'website_exists', param: null });
    const other = await ctx().newAccount();
    expect(
      (await sendJson(ctx(), other.token, 'POST', '/v1/websites', { host: 'unique.example.com' })).statusCode,
    ).toBe(201);
  });

  it('refuses unknown fields and needs the websites:write scope', async () => {
    expectError(
      await sendJson(ctx(), account.token, 'POST', '/v1/websites', { host: 'x.example.com', colour: 'red' }),
      400,
      {
        type: 'validation_error',
        code: 'unknown_parameter',
        param: 'colour',
      },
    );
    const reader = await account.tokenWith(['websites:read']);
    expectError(await sendJson(ctx(), reader, 'POST', '/v1/websites', { host: 'y.example.com' }), 403, {
      type: 'authorization_error',
      code: 'insufficient_scope',
    });
  });

  it('reports the last event time once the tracker has sent one', async () => {
    const created = await sendJson(ctx(), account.token, 'POST', '/v1/websites', { host: 'events.example.com' });
    const website = created.json<{ website_id: string; public_key: string }>();
    const now = Date.now();
    const ingest = await ctx().app.inject({
      method: 'POST',
      url: '/v1/ingest',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Firefox/133.0' },
      payload: JSON.stringify({
        key: website.public_key,
        batch_id: 'b_last_event_check_1',
        visitor_id: 'v_last_event_check_1',
        session_id: 's_last_event_check_1',
        sent_at: now,
        screen: { width: 1280, height: 800 },
        events: [{ kind: 1, time: now - 2000, url: 'https://events.example.com/' }],
      }),
    });
    expect(ingest.statusCode, ingest.body).toBe(202);
    const listed = await sendJson(ctx(), account.token, 'GET', '/v1/websites');
    const found = listed
      .json<{ website_id: string; last_event_at: number | null }[]>()
      .find((item) => item.website_id === website.website_id);
    expect(found?.last_event_at).toBeGreaterThanOrEqual(Math.floor(now / 1000) - 5);
  });
});
