import { expect, it } from 'vitest';
import { sendJson } from '../../test/api-requests.ts';
import { expectError } from '../../test/api-responses.ts';
import { describeRefusalsChangeNothing } from '../../test/refusals-change-nothing.ts';
import { describeApi } from '../../test/harness.ts';
import { publicKeyOf } from '../../test/tracker-ids.ts';

const DEFAULTS = {
  enabled: true,
  sample_rate: 100,
  mask_all_inputs: true,
  mask_all_text: false,
  mask_selectors: [],
  block_selectors: [],
  strip_query_params: ['token', 'password', 'secret', 'key', 'code'],
  respect_gpc: true,
};

describeApi('Recording settings', (ctx) => {
  it('has privacy-first defaults until someone saves settings', async () => {
    const account = await ctx().newAccount();
    const response = await sendJson(ctx(), account.token, 'GET', `/v1/websites/${account.websiteId}/recording`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ website_id: account.websiteId, ...DEFAULTS });
  });

  it('replaces the fields sent, keeps the others, and tells the tracker', async () => {
    const account = await ctx().newAccount();
    const url = `/v1/websites/${account.websiteId}/recording`;
    const update = {
      sample_rate: 25,
      mask_all_text: true,
      mask_selectors: ['.card-number', ' .card-number ', '#ssn'],
      block_selectors: ['iframe.chat'],
      strip_query_params: ['Session', 'token'],
    };
    const saved = await sendJson(ctx(), account.token, 'PUT', url, update);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      ...DEFAULTS,
      ...update,
      mask_selectors: ['.card-number', '#ssn'],
      strip_query_params: ['session', 'token'],
    };
    expect(saved.json()).toEqual({ website_id: account.websiteId, ...expected });
    expect((await sendJson(ctx(), account.token, 'GET', url)).json()).toEqual({
      website_id: account.websiteId,
      ...expected,
    });

    const key = await publicKeyOf(ctx(), account.websiteId);
    const config = await ctx().app.inject({
      method: 'GET',
      url: `/v1/ingest/config?key=${key}`,
      headers: { origin: 'https://shop.example.com' },
    });
    expect(config.statusCode).toBe(200);
    expect(config.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(config.json()).toEqual({ recording: expected });
  });

  it.each([
    { body: { sample_rate: 101 }, param: 'sample_rate' },
    { body: { sample_rate: -1 }, param: 'sample_rate' },
    { body: { mask_selectors: ['a{}'] }, param: 'mask_selectors.0' },
    { body: { strip_query_params: ['a=b'] }, param: 'strip_query_params.0' },
    { body: { enabled: 'yes' }, param: 'enabled' },
    { body: { record_everything: true }, param: 'record_everything' },
  ])('refuses $body with a 400 on $param', async ({ body, param }) => {
    const account = await ctx().newAccount();
    const response = await sendJson(ctx(), account.token, 'PUT', `/v1/websites/${account.websiteId}/recording`, body);
    expectError(response, 400, { type: 'validation_error', param });
  });

  it("answers another account's website as not found", async () => {
    const mine = await ctx().newAccount();
    const theirs = await ctx().newAccount();
    const url = `/v1/websites/${theirs.websiteId}/recording`;
    expectError(await sendJson(ctx(), mine.token, 'GET', url), 404, { type: 'not_found_error' });
    expectError(await sendJson(ctx(), mine.token, 'PUT', url, { enabled: false }), 404, { type: 'not_found_error' });
    expect((await sendJson(ctx(), theirs.token, 'GET', url)).json()).toMatchObject({ enabled: true });
  });

  it('gives the tracker config only to pages of the website', async () => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const foreign = await ctx().app.inject({
      method: 'GET',
      url: `/v1/ingest/config?key=${key}`,
      headers: { origin: 'https://evil.example.net' },
    });
    expectError(foreign, 403, { type: 'authorization_error', code: 'origin_not_allowed' });
    expectError(await ctx().app.inject({ method: 'GET', url: '/v1/ingest/config?key=pk_nope' }), 401, {
      type: 'authentication_error',
    });
  });

  describeRefusalsChangeNothing(ctx, async () => ({ account: await ctx().newAccount() }), [
    {
      method: 'GET',
      pattern: '/v1/websites/:id/recording',
      path: (f) => `/v1/websites/${f.account.websiteId}/recording`,
      scope: 'websites:read',
    },
    {
      method: 'PUT',
      pattern: '/v1/websites/:id/recording',
      path: (f) => `/v1/websites/${f.account.websiteId}/recording`,
      scope: 'websites:write',
      body: () => ({ sample_rate: 50 }),
    },
  ]);
});
