import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { createWebsite } from './websites.service.ts';

describeApi('GET /v1/websites', (ctx) => {
  it('lists only the websites of the calling account, by name', async () => {
    const mine = await ctx().newAccount();
    const theirs = await ctx().newAccount();
    await createWebsite(ctx().database.db, { accountId: mine.accountId, host: 'blog.example.com', name: 'Blog' });
    const response = await ctx().request(mine.token, { method: 'GET', url: '/v1/websites' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ website_id: string; host: string; name: string }[]>();
    expect(body.map((website) => website.name)).toEqual(['Blog', 'Shop']);
    expect(body.map((website) => website.website_id)).not.toContain(theirs.websiteId);
  });

  it('needs the websites:read scope', async () => {
    const account = await ctx().newAccount();
    const token = await account.tokenWith(['alerts:read']);
    const response = await ctx().request(token, { method: 'GET', url: '/v1/websites' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { type: 'authorization_error', code: 'insufficient_scope' } });
  });
});
