import { expect, it } from 'vitest';
import type { SavedViewResource } from '../../../api/schemas/views.ts';
import { describeApi } from '../../test/harness.ts';

describeApi('/v1/views', (ctx) => {
  const json = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx().request(token, { method, url, ...(payload ? { payload } : {}) });

  it('saves a view for its owner only, until it is shared with the account', async () => {
    const account = await ctx().newAccount();
    const colleague = await account.tokenWith(['users.sessions:read']);
    const created = await json(account.token, 'POST', '/v1/views', {
      name: 'Mobile errors',
      query: { device: 'mobile', has_errors: 'true', url: 'checkout', sort: '-duration' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const view = created.json<SavedViewResource>();
    expect(view).toMatchObject({
      name: 'Mobile errors',
      shared: false,
      mine: true,
      query: { device: 'mobile', sort: '-duration' },
    });

    expect(
      (await json(account.token, 'GET', '/v1/views')).json<{ views: SavedViewResource[] }>().views.map((v) => v.id),
    ).toEqual([view.id]);
    expect((await json(colleague, 'GET', '/v1/views')).json<{ views: unknown[] }>().views).toEqual([]);
    expect((await json(colleague, 'PATCH', `/v1/views/${view.id}`, { name: 'x' })).statusCode).toBe(404);

    const shared = await json(account.token, 'PATCH', `/v1/views/${view.id}`, { shared: true });
    expect(shared.json<SavedViewResource>()).toMatchObject({ shared: true, name: 'Mobile errors' });
    const seen = (await json(colleague, 'GET', '/v1/views')).json<{ views: SavedViewResource[] }>().views;
    expect(seen).toEqual([expect.objectContaining({ id: view.id, mine: false, shared: true, query: view.query })]);

    const refused = await json(colleague, 'DELETE', `/v1/views/${view.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { type: 'authorization_error', code: 'not_owner' } });

    const stranger = await ctx().newAccount();
    expect((await json(stranger.token, 'GET', '/v1/views')).json<{ views: unknown[] }>().views).toEqual([]);
    expect((await json(stranger.token, 'DELETE', `/v1/views/${view.id}`)).statusCode).toBe(404);

    const deleted = await json(account.token, 'DELETE', `/v1/views/${view.id}`);
    expect(deleted.json()).toEqual({ view_id: view.id, deleted: true });
    expect((await json(colleague, 'GET', '/v1/views')).json<{ views: unknown[] }>().views).toEqual([]);
  });

  it('refuses a query parameter the sessions list does not have, an empty name and an empty change', async () => {
    const account = await ctx().newAccount();
    for (const [payload, param] of [
      [{ name: 'x', query: { order: 'asc' } }, 'query'],
      [{ name: 'x', query: { page: '3' } }, 'query'],
      [{ name: '', query: {} }, 'name'],
      [{ query: {} }, 'name'],
    ] as const) {
      const response = await json(account.token, 'POST', '/v1/views', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: { param?: string } }>().error.param ?? '').toContain(param);
    }
    const view = (await json(account.token, 'POST', '/v1/views', { name: 'x', query: {} })).json<SavedViewResource>();
    expect((await json(account.token, 'PATCH', `/v1/views/${view.id}`, {})).statusCode).toBe(400);
  });

  it('refuses a name the person already sees on another view, in any case, with a 409 naming it', async () => {
    const account = await ctx().newAccount();
    const colleague = await account.tokenWith(['users.sessions:read']);
    const create = (token: string, name: string, shared = false) =>
      json(token, 'POST', '/v1/views', { name, shared, query: { device: 'mobile' } });
    const mine = (await create(account.token, 'Mobile errors')).json<SavedViewResource>();

    const again = await create(account.token, '  mobile ERRORS ');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: { type: 'conflict_error', code: 'view_name_taken', param: 'name', http_status_code: 409 },
    });
    expect(again.json<{ error: { message: string } }>().error.message).toContain('“Mobile errors”');

    // Another person's private view is theirs alone: the colleague may use the name, until it is shared.
    const theirs = await create(colleague, 'Mobile errors');
    expect(theirs.statusCode).toBe(201);
    const other = (await create(account.token, 'Checkout')).json<SavedViewResource>();
    const shared = await json(account.token, 'PATCH', `/v1/views/${other.id}`, { shared: true });
    expect(shared.statusCode).toBe(200);
    const taken = await create(colleague, 'checkout');
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ error: { message: string } }>().error.message).toContain('shared with the account');

    // A rename onto another view's name is refused; onto its own name, in another case, it is not.
    const renamed = await json(account.token, 'PATCH', `/v1/views/${other.id}`, { name: 'MOBILE errors' });
    expect(renamed.statusCode).toBe(409);
    const recased = await json(account.token, 'PATCH', `/v1/views/${mine.id}`, { name: 'Mobile Errors' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json<SavedViewResource>().name).toBe('Mobile Errors');
    const names = (await json(account.token, 'GET', '/v1/views')).json<{ views: SavedViewResource[] }>().views;
    expect(names.map((view) => view.name).sort()).toEqual(['Checkout', 'Mobile Errors']);
  });
});

describeApi('/v1/preferences/session-columns', (ctx) => {
  const url = '/v1/preferences/session-columns';

  it("keeps each person's choice of columns apart, and replaces it whole", async () => {
    const account = await ctx().newAccount();
    const colleague = await account.tokenWith(['users.sessions:read']);

    const none = await ctx().request(account.token, { method: 'GET', url });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ columns: {}, updated_at: null });

    const saved = await ctx().request(account.token, {
      method: 'PUT',
      url,
      payload: { columns: { engagment_score: false, tags: true } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ columns: { engagment_score: false, tags: true }, updated_at: expect.any(Number) });
    expect((await ctx().request(account.token, { method: 'GET', url })).json()).toEqual(saved.json());

    // The colleague has no choice of their own yet.
    expect((await ctx().request(colleague, { method: 'GET', url })).json()).toEqual({ columns: {}, updated_at: null });

    await ctx().request(account.token, { method: 'PUT', url, payload: { columns: { seen: false } } });
    expect((await ctx().request(account.token, { method: 'GET', url })).json()).toMatchObject({
      columns: { seen: false },
    });
  });

  it('refuses a choice that is not column names to yes or no, with a 400 naming it', async () => {
    const account = await ctx().newAccount();
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, index) => [`column_${index}`, true]));
    for (const payload of [
      {},
      { columns: { tags: 'yes' } },
      { columns: { 'no spaces': true } },
      { columns: many },
      { columns: {}, extra: 1 },
    ]) {
      const response = await ctx().request(account.token, { method: 'PUT', url, payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ error: { type: 'validation_error' } });
    }
  });

  it('requires the sessions read scope', async () => {
    const account = await ctx().newAccount();
    const token = await account.tokenWith(['websites:read']);
    expect((await ctx().request(token, { method: 'GET', url })).statusCode).toBe(403);
    expect((await ctx().request(token, { method: 'PUT', url, payload: { columns: {} } })).statusCode).toBe(403);
  });
});
