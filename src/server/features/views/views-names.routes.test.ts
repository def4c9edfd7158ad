import { expect, it } from 'vitest';
import type { SavedViewResource } from '../../../api/schemas/views.ts';
import { describeApi } from '../../test/harness.ts';

describeApi('/v1/views: names', (ctx) => {
  const json = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx().request(token, { method, url, ...(payload ? { payload } : {}) });

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

    // Sharing a private view is refused while a colleague's shared view already has its name.
    const draft = (await create(account.token, 'Refunds')).json<SavedViewResource>();
    expect((await create(colleague, 'refunds', true)).statusCode).toBe(201);
    const clash = await json(account.token, 'PATCH', `/v1/views/${draft.id}`, { shared: true });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error: { code: 'view_name_taken', param: 'name' } });
    expect(clash.json<{ error: { message: string } }>().error.message).toContain('shared with the account');
    const sharedRenamed = await json(account.token, 'PATCH', `/v1/views/${draft.id}`, {
      shared: true,
      name: 'Refunds (mine)',
    });
    expect(sharedRenamed.json<SavedViewResource>()).toMatchObject({ shared: true, name: 'Refunds (mine)' });
    await json(account.token, 'DELETE', `/v1/views/${draft.id}`);
    const colleagues = (await json(colleague, 'GET', '/v1/views')).json<{ views: SavedViewResource[] }>().views;
    await json(colleague, 'DELETE', `/v1/views/${colleagues.find((view) => view.name === 'refunds')?.id ?? ''}`);

    // A rename onto another view's name is refused; onto its own name, in another case, it is not.
    const renamed = await json(account.token, 'PATCH', `/v1/views/${other.id}`, { name: 'MOBILE errors' });
    expect(renamed.statusCode).toBe(409);
    const recased = await json(account.token, 'PATCH', `/v1/views/${mine.id}`, { name: 'Mobile Errors' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json<SavedViewResource>().name).toBe('Mobile Errors');
    const names = (await json(account.token, 'GET', '/v1/views')).json<{ views: SavedViewResource[] }>().views;
    expect(names.map((view) => view.name).sort()).toEqual(['Checkout', 'Mobile Errors']);
  });

  it('gives one name to one view when many ask for it at once, by one person or by several sharing it', async () => {
    const account = await ctx().newAccount();
    const colleague = await account.tokenWith(['users.sessions:read']);
    const create = (token: string, name: string, shared = false) =>
      json(token, 'POST', '/v1/views', { name, shared, query: { device: 'mobile' } });

    const alone = await Promise.all(Array.from({ length: 8 }, () => create(account.token, 'Race')));
    expect(alone.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);

    const together = await Promise.all(
      Array.from({ length: 8 }, (_, index) => create(index % 2 === 0 ? account.token : colleague, 'Race shared', true)),
    );
    expect(together.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const seen = (await json(colleague, 'GET', '/v1/views')).json<{ views: SavedViewResource[] }>().views;
    expect(seen.filter((view) => view.name.toLowerCase() === 'race shared')).toHaveLength(1);
  });

  it('takes a name written with composed or decomposed accents as the same name, and keeps it composed', async () => {
    const account = await ctx().newAccount();
    const composed = await json(account.token, 'POST', '/v1/views', { name: '\u00c9t\u00e9', query: {} });
    expect(composed.statusCode).toBe(201);
    const decomposed = await json(account.token, 'POST', '/v1/views', { name: 'E\u0301te\u0301', query: {} });
    expect(decomposed.statusCode).toBe(409);
    expect(decomposed.json()).toMatchObject({ error: { code: 'view_name_taken', param: 'name' } });

    const other = await json(account.token, 'POST', '/v1/views', { name: 'Cafe\u0301', query: {} });
    expect(other.json<SavedViewResource>().name).toBe('Caf\u00e9');
  });
});
