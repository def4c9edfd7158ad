import { expect, it } from 'vitest';
import type { SavedViewResource } from '../../../api/schemas/views.ts';
import { describeApi } from '../../test/harness.ts';
import { asPerson, signedInPerson } from '../../test/people.ts';

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

  it('refuses, naming it, a filter value the sessions list would refuse, and a name of only spaces', async () => {
    const account = await ctx().newAccount();
    for (const [query, param] of [
      [{ country: 'USA' }, 'query.country'],
      [{ email: '  ' }, 'query.email'],
      [{ sort: 'bogus' }, 'query.sort'],
      [{ duration_min: '-5' }, 'query.duration_min'],
      [{ has_errors: 'maybe' }, 'query.has_errors'],
      [{ engagement_min: '60', engagement_max: '20' }, 'query.engagement_min'],
      [{ date_from: 'soon' }, 'query.date_from'],
      [{ tz: 'Mars/Olympus' }, 'query.tz'],
    ] as const) {
      const response = await json(account.token, 'POST', '/v1/views', { name: 'x', query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json(), JSON.stringify(query)).toMatchObject({ error: { type: 'validation_error', param } });
    }
    for (const [query, message] of [
      [{ duration_min: '10', duration_max: '5' }, 'query.duration_min must not be greater than query.duration_max'],
      [{ date_from: 'TODAY', date_to: 'YESTERDAY' }, 'query.date_from must not be after query.date_to'],
      [{ date_from: 'page size' }, 'query.date_from must be a date (YYYY-MM-DD)'],
    ] as const) {
      const response = await json(account.token, 'POST', '/v1/views', { name: 'x', query });
      expect(response.json<{ error: { message: string } }>().error.message).toContain(message);
    }
    const garbled = await json(account.token, 'POST', '/v1/views', { name: 'x', query: { date_from: 'page size' } });
    expect(garbled.json<{ error: { message: string } }>().error.message).toMatch(/; got "page size"$/);
    const blank = await json(account.token, 'POST', '/v1/views', { name: '   ', query: {} });
    expect(blank.json()).toMatchObject({ error: { code: 'too_short', param: 'name' } });
    expect((await json(account.token, 'GET', '/v1/views')).json<{ views: unknown[] }>().views).toEqual([]);

    const kept = await json(account.token, 'POST', '/v1/views', {
      name: '  Last week, Germany  ',
      query: { country: 'de', date_from: 'TODAY-7DAYS', tz: 'Europe/Berlin', engagement_min: '33.5' },
    });
    expect(kept.statusCode, kept.body).toBe(201);
    const view = kept.json<SavedViewResource>();
    expect(view).toMatchObject({ name: 'Last week, Germany', query: { country: 'de', date_from: 'TODAY-7DAYS' } });
    const changed = await json(account.token, 'PATCH', `/v1/views/${view.id}`, { query: { seen: 'perhaps' } });
    expect(changed.json()).toMatchObject({ error: { param: 'query.seen' } });
  });

  it("lets an admin rename or delete a colleague's shared view, never see their private ones", async () => {
    const account = await ctx().newAccount();
    const admin = await signedInPerson(ctx(), account.accountId, 'admin');
    const analyst = await signedInPerson(ctx(), account.accountId, 'analyst');
    const support = await signedInPerson(ctx(), account.accountId, 'support');
    const save = async (name: string, shared: boolean) => {
      const response = await asPerson(ctx(), analyst.cookie, {
        method: 'POST',
        url: '/v1/views',
        body: { name, query: { has_errors: 'true' }, shared },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<SavedViewResource>();
    };
    const own = await save('Mine alone', false);
    const team = await save('Errors', true);
    const listOf = async (cookie: string) =>
      (await asPerson(ctx(), cookie, { method: 'GET', url: '/v1/views' })).json<{ views: SavedViewResource[] }>().views;

    expect(await listOf(analyst.cookie)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: own.id, mine: true, editable: true }),
        expect.objectContaining({ id: team.id, mine: true, editable: true }),
      ]),
    );
    expect(await listOf(admin.cookie)).toEqual([expect.objectContaining({ id: team.id, mine: false, editable: true })]);
    expect(await listOf(support.cookie)).toEqual([
      expect.objectContaining({ id: team.id, mine: false, editable: false }),
    ]);
    const refused = await asPerson(ctx(), support.cookie, { method: 'DELETE', url: `/v1/views/${team.id}` });
    expect(refused.json()).toMatchObject({ error: { code: 'not_owner' } });
    const hidden = await asPerson(ctx(), admin.cookie, { method: 'DELETE', url: `/v1/views/${own.id}` });
    expect(hidden.statusCode).toBe(404);

    const renamed = await asPerson(ctx(), admin.cookie, {
      method: 'PATCH',
      url: `/v1/views/${team.id}`,
      body: { name: 'Errors (team)' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Errors (team)', mine: false, editable: true, shared: true });
    const deleted = await asPerson(ctx(), admin.cookie, { method: 'DELETE', url: `/v1/views/${team.id}` });
    expect(deleted.json()).toEqual({ view_id: team.id, deleted: true });
    expect(await listOf(support.cookie)).toEqual([]);
    expect((await listOf(analyst.cookie)).map((view) => view.id)).toEqual([own.id]);
  });

  it('forgets the private views of a person deleted or a token revoked, and keeps their shared ones', async () => {
    const account = await ctx().newAccount();
    const admin = await signedInPerson(ctx(), account.accountId, 'admin');
    const analyst = await signedInPerson(ctx(), account.accountId, 'analyst');
    const created = await asPerson(ctx(), admin.cookie, {
      method: 'POST',
      url: '/v1/tokens',
      body: { name: 'reports', scopes: ['users.sessions:read'] },
    });
    const { token, token_id: tokenId } = created.json<{ token: string; token_id: string }>();
    const saveAs = async (save: (body: object) => Promise<{ json: <T>() => T }>, name: string, shared: boolean) =>
      (await save({ name, query: { device: 'mobile' }, shared })).json<SavedViewResource>().id;
    const byPerson = (body: object) => asPerson(ctx(), analyst.cookie, { method: 'POST', url: '/v1/views', body });
    const byToken = (body: object) => json(token, 'POST', '/v1/views', body);
    const kept = [await saveAs(byPerson, 'Person shared', true), await saveAs(byToken, 'Token shared', true)];
    await saveAs(byPerson, 'Person private', false);
    await saveAs(byToken, 'Token private', false);

    const revoked = await asPerson(ctx(), admin.cookie, { method: 'DELETE', url: `/v1/tokens/${tokenId}` });
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);
    const removed = await asPerson(ctx(), admin.cookie, { method: 'DELETE', url: `/v1/users/${analyst.user.user_id}` });
    expect(removed.statusCode, removed.body).toBe(200);

    const left = await ctx()
      .database.db.selectFrom('saved_views')
      .select('id')
      .where('account_id', '=', account.accountId)
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual([...kept].sort());
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
