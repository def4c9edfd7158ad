import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { signedInPerson } from '../../test/people.ts';

describeApi('GET /v1/sessions/:id', (ctx) => {
  it('answers one session of the account with the list shape, without marking it seen for a token', async () => {
    const account = await ctx().newAccount();
    const visitor = await insertVisitor(ctx().database.db, account.accountId, { email: 'Ada@Example.com' });
    const session = await insertSession(ctx().database.db, account.accountId, account.websiteId, visitor.id, {
      seen: 0,
    });
    const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions/${session.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ id: string; seen: boolean; visitor: { email: string }; session_url: string }>();
    expect(body.id).toBe(session.id);
    expect(body.visitor.email).toBe('Ada@Example.com');
    expect(body.seen).toBe(false);
    expect(body.session_url).toBe(`https://app.example.test/sessions/${session.id}`);
  });

  it("answers 404 for an unknown id and for another account's session alike", async () => {
    const mine = await ctx().newAccount();
    const theirs = await ctx().newAccount();
    const visitor = await insertVisitor(ctx().database.db, theirs.accountId);
    const session = await insertSession(ctx().database.db, theirs.accountId, theirs.websiteId, visitor.id);
    for (const id of [session.id, 's_missing']) {
      const response = await ctx().request(mine.token, { method: 'GET', url: `/v1/sessions/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { type: 'not_found_error', code: 'not_found' } });
    }
  });
});

describeApi('GET /v1/sessions/:id?peek=true', (ctx) => {
  it('lets a person read a session ahead of opening it without marking it seen; opening it marks it', async () => {
    const account = await ctx().newAccount();
    const visitor = await insertVisitor(ctx().database.db, account.accountId);
    const session = await insertSession(ctx().database.db, account.accountId, account.websiteId, visitor.id, {
      seen: 0,
    });
    const { cookie } = await signedInPerson(ctx(), account.accountId, 'analyst');

    const peek = await ctx().app.inject({
      method: 'GET',
      url: `/v1/sessions/${session.id}?peek=true`,
      headers: { cookie },
    });
    expect(peek.statusCode, peek.body).toBe(200);
    expect(peek.json<{ seen: boolean }>().seen).toBe(false);
    const again = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions/${session.id}` });
    expect(again.json<{ seen: boolean }>().seen).toBe(false);

    const open = await ctx().app.inject({ method: 'GET', url: `/v1/sessions/${session.id}`, headers: { cookie } });
    expect(open.json<{ seen: boolean }>().seen).toBe(true);
  });

  it('refuses a peek that is not true or false with a 400', async () => {
    const account = await ctx().newAccount();
    const response = await ctx().request(account.token, { method: 'GET', url: '/v1/sessions/s_x?peek=maybe' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { type: 'validation_error', param: 'peek' } });
  });
});
