import { beforeAll, expect, it } from 'vitest';
import type { VisitorSearchResultResource } from '../../../api/schemas/visitors.ts';
import { describeApi, type TestAccount } from '../../test/harness.ts';
import { insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { searchAmong } from './visitor-search-fixtures.ts';

describeApi('GET /v1/visitors/search', (ctx) => {
  let account: TestAccount;
  let lucasId: string;
  let lucasSessionId: string;

  beforeAll(async () => {
    account = await ctx().newAccount();
    const db = ctx().database.db;
    const lucas = await insertVisitor(db, account.accountId, { name: 'Lucas Martin', email: 'l.martin@example.com' });
    lucasId = lucas.id;
    for (let index = 0; index < 3; index += 1) {
      lucasSessionId = (
        await insertSession(db, account.accountId, account.websiteId, lucas.id, {
          creation_timestamp: 1_790_000_000 + index,
        })
      ).id;
    }
    const lucia = await insertVisitor(db, account.accountId, { email: 'Lucia@Example.org' });
    await insertSession(db, account.accountId, account.websiteId, lucia.id);
    await insertVisitor(db, account.accountId, { name: 'Ana Lucas' });
    await insertVisitor(db, account.accountId, { id: 'v_customer_42' });
    const stranger = await ctx().newAccount();
    await insertVisitor(db, stranger.accountId, { name: 'Lucas Other', email: 'lucas@other.example' });
  });

  async function search(q: string, extra: Record<string, string> = {}) {
    const response = await ctx().request(account.token, {
      method: 'GET',
      url: `/v1/visitors/search?${new URLSearchParams({ q, ...extra }).toString()}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<VisitorSearchResultResource>().visitors;
  }

  it('finds people by a name prefix, then by a later word of the name, case-insensitively, with their session counts', async () => {
    const found = await search('LUC');
    expect(found.map((visitor) => [visitor.name || visitor.email, visitor.session_count, visitor.matched_by])).toEqual([
      ['Lucia@Example.org', 1, 'email'],
      ['Lucas Martin', 3, 'name'],
      // A surname that starts with the text comes after the names that do.
      ['Ana Lucas', 0, 'name'],
    ]);
  });

  it('finds a name of three words or more by its last word too, after the names that start with the text', async () => {
    const names = await searchAmong(ctx(), 'Ana María López', 'Jan van der Berg', 'Bergit Olsen');
    expect(await names('lopez')).toEqual(['Ana María López']);
    expect(await names('María López')).toEqual(['Ana María López']);
    expect(await names('berg')).toEqual(['Bergit Olsen', 'Jan van der Berg']);
    expect(await names('van der')).toEqual(['Jan van der Berg']);
  });

  it('finds a name of four words or more by a word between its second and its last, after the other matches', async () => {
    const names = await searchAmong(
      ctx(),
      'Ana María López García',
      'Jan van der Berg',
      'Lopez Diaz',
      'Derek Ho',
      'Pedro Alonso de la Vega',
    );
    // The first surname alone, in any case and without its accent, after a name that starts with it.
    expect(await names('LÓPEZ')).toEqual(['Lopez Diaz', 'Ana María López García']);
    expect(await names('lopez gar')).toEqual(['Ana María López García']);
    expect(await names('garcia')).toEqual(['Ana María López García']);
    // A particle, after a first name that starts with it.
    expect(await names('der')).toEqual(['Derek Ho', 'Jan van der Berg']);
    expect(await names('der berg')).toEqual(['Jan van der Berg']);
    expect(await names('de la vega')).toEqual(['Pedro Alonso de la Vega']);
  });

  it('finds a name of five words or more by any word, the later words after the third', async () => {
    const names = await searchAmong(
      ctx(),
      'Pedro Alonso de la Vega',
      'João Pedro da Silva Santos',
      'María de los Ángeles García Pérez',
      'Silvana Rossi',
      'Lars Silva',
    );
    expect(await names('la')).toEqual(['Lars Silva', 'Pedro Alonso de la Vega']);
    expect(await names('la vega')).toEqual(['Pedro Alonso de la Vega']);
    expect(await names('vega')).toEqual(['Pedro Alonso de la Vega']);
    // A name that starts with the text, then a second word, then a later word.
    expect(await names('silva')).toEqual(['Silvana Rossi', 'Lars Silva', 'João Pedro da Silva Santos']);
    expect(await names('silva santos')).toEqual(['João Pedro da Silva Santos']);
    expect(await names('santos')).toEqual(['João Pedro da Silva Santos']);
    // Six words: the fourth and the fifth alone, without their accents.
    expect(await names('angeles')).toEqual(['María de los Ángeles García Pérez']);
    expect(await names('GARCÍA')).toEqual(['María de los Ángeles García Pérez']);
    expect(await names('garcia perez')).toEqual(['María de los Ángeles García Pérez']);
    expect(await names('perez')).toEqual(['María de los Ángeles García Pérez']);
  });

  it('lists the names that match on the same word by the whole name', async () => {
    const names = await searchAmong(ctx(), 'Sophia de Vries', 'Kofi de Vries', 'Arjun de Vries', 'Lucas de Vries');
    expect(await names('de vries')).toEqual(['Arjun de Vries', 'Kofi de Vries', 'Lucas de Vries', 'Sophia de Vries']);
  });

  it('takes e-mail and name matches in turn, so many of one kind do not crowd out the other', async () => {
    const crowded = await ctx().newAccount();
    const db = ctx().database.db;
    for (const email of ['jandersson@a.example', 'jandersson@b.example', 'jandersson@c.example']) {
      await insertVisitor(db, crowded.accountId, { name: 'John Andersson', email });
    }
    for (const name of ['Jan Kowalski', 'Jane Muller', 'Janet Smith']) {
      await insertVisitor(db, crowded.accountId, { name, email: `${name.split(' ')[1]?.toLowerCase()}@d.example` });
    }
    const response = await ctx().request(crowded.token, { method: 'GET', url: '/v1/visitors/search?q=Jan&limit=4' });
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json<VisitorSearchResultResource>().visitors;
    expect(found.map((visitor) => [visitor.email, visitor.matched_by])).toEqual([
      ['jandersson@a.example', 'email'],
      ['kowalski@d.example', 'name'],
      ['jandersson@b.example', 'email'],
      ['muller@d.example', 'name'],
    ]);
  });

  it('lists a visitor whose e-mail and name both match with the e-mails, in e-mail order', async () => {
    const both = await ctx().newAccount();
    const db = ctx().database.db;
    await insertVisitor(db, both.accountId, { name: 'Adam Smith', email: 'dan.adams@example.com' });
    await insertVisitor(db, both.accountId, { name: 'Danny Lee', email: 'danny@example.com' });
    await insertVisitor(db, both.accountId, { name: 'Dante Rossi', email: 'rossi@example.com' });
    const response = await ctx().request(both.token, { method: 'GET', url: '/v1/visitors/search?q=dan' });
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json<VisitorSearchResultResource>().visitors;
    // In turn: the e-mails dan.adams@ and danny@, and Dante Rossi, whose name alone matches.
    expect(found.map((visitor) => [visitor.name, visitor.matched_by])).toEqual([
      ['Adam Smith', 'email'],
      ['Dante Rossi', 'name'],
      ['Danny Lee', 'email'],
    ]);
  });

  it('keeps people found by name alone in turn with the e-mails, though the e-mails match many names too', async () => {
    const crowded = await ctx().newAccount();
    const db = ctx().database.db;
    for (const letter of ['a', 'b', 'c', 'd']) {
      await insertVisitor(db, crowded.accountId, { name: `Qx${letter} Both`, email: `qx${letter}@t.test` });
    }
    for (const letter of ['m', 'n', 'o']) {
      await insertVisitor(db, crowded.accountId, { name: `Qx${letter} Nameonly`, email: `${letter}@t.test` });
    }
    const found = async (limit: number) => {
      const response = await ctx().request(crowded.token, {
        method: 'GET',
        url: `/v1/visitors/search?q=qx&limit=${limit}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<VisitorSearchResultResource>()
        .visitors.map((visitor) => [visitor.email, visitor.matched_by]);
    };
    expect(await found(4)).toEqual([
      ['qxa@t.test', 'email'],
      ['m@t.test', 'name'],
      ['qxb@t.test', 'email'],
      ['n@t.test', 'name'],
    ]);
    expect(await found(8)).toEqual([
      ['qxa@t.test', 'email'],
      ['m@t.test', 'name'],
      ['qxb@t.test', 'email'],
      ['n@t.test', 'name'],
      ['qxc@t.test', 'email'],
      ['o@t.test', 'name'],
      ['qxd@t.test', 'email'],
    ]);
  });

  it('finds people by an e-mail prefix, case-insensitively', async () => {
    const found = await search('L.Mart');
    expect(found).toEqual([
      {
        id: lucasId,
        name: 'Lucas Martin',
        email: 'l.martin@example.com',
        session_count: 3,
        last_session_timestamp: expect.any(Number),
        matched_by: 'email',
      },
    ]);
  });

  it('finds a visitor by exact id, and by a pasted session link or session id', async () => {
    expect(
      (await search('v_customer_42')).map((visitor) => [visitor.id, visitor.matched_by, visitor.session_count]),
    ).toEqual([['v_customer_42', 'id', 0]]);
    const link = `https://app.example.test/sessions/${encodeURIComponent(lucasSessionId)}?tab=events`;
    expect((await search(link)).map((visitor) => [visitor.id, visitor.matched_by])).toEqual([[lucasId, 'session']]);
    // The sessions list with the session open, as the address bar shows it.
    const listLink = `https://app.example.test/sessions?device=desktop&session=${encodeURIComponent(lucasSessionId)}`;
    expect((await search(listLink)).map((visitor) => [visitor.id, visitor.matched_by])).toEqual([[lucasId, 'session']]);
    expect((await search(lucasSessionId)).map((visitor) => visitor.id)).toEqual([lucasId]);
  });

  it('finds visitors by the first characters of their id, in turn with the name and e-mail matches', async () => {
    const ids = await ctx().newAccount();
    const db = ctx().database.db;
    await insertVisitor(db, ids.accountId, { id: 'cus_8f3a21', name: 'Ana Pérez' });
    await insertVisitor(db, ids.accountId, { id: 'cus_8f3b07' });
    await insertVisitor(db, ids.accountId, { id: 'CUS_8F3A99' });
    await insertVisitor(db, ids.accountId, { name: 'Cushla Byrne' });
    await insertVisitor(db, ids.accountId, { email: 'cus.tomer@example.com' });
    const found = async (q: string) => {
      const response = await ctx().request(ids.token, {
        method: 'GET',
        url: `/v1/visitors/search?${new URLSearchParams({ q }).toString()}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<VisitorSearchResultResource>()
        .visitors.map((visitor) => [
          visitor.id.toLowerCase().startsWith('cus_') ? visitor.id : visitor.name || visitor.email,
          visitor.matched_by,
        ]);
    };
    // Ids are told apart by case, so the prefix is too.
    expect(await found('cus_8f3a')).toEqual([['cus_8f3a21', 'id']]);
    expect(await found('CUS_8F')).toEqual([['CUS_8F3A99', 'id']]);
    expect(await found('cus')).toEqual([
      ['cus.tomer@example.com', 'email'],
      ['Cushla Byrne', 'name'],
      ['cus_8f3a21', 'id'],
      ['cus_8f3b07', 'id'],
    ]);
    // The whole id: once, first.
    expect(await found('cus_8f3b07')).toEqual([['cus_8f3b07', 'id']]);
    expect(await found('cus_8f3c')).toEqual([]);
  });

  it("never shows another account's visitors, and answers no match with an empty list", async () => {
    expect((await search('lucas@')).length).toBe(0);
    expect((await search('zzz')).length).toBe(0);
    expect(await search('https://app.example.test/sessions/s_unknown')).toEqual([]);
  });

  it('treats LIKE characters as plain text and honours the limit', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect((await search('l', { limit: '1' })).length).toBe(1);
  });

  it('answers a missing, empty or too long q and a bad limit with a 400 naming it', async () => {
    for (const [url, param] of [
      ['/v1/visitors/search', 'q'],
      ['/v1/visitors/search?q=', 'q'],
      ['/v1/visitors/search?q=%20%20', 'q'],
      ['/v1/visitors/search?q=%09', 'q'],
      [`/v1/visitors/search?q=${'a'.repeat(2049)}`, 'q'],
      ['/v1/visitors/search?q=a&limit=21', 'limit'],
      ['/v1/visitors/search?q=a&limit=x', 'limit'],
      ['/v1/visitors/search?q=a&name=b', 'name'],
    ] as const) {
      const response = await ctx().request(account.token, { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error: { type: 'validation_error', param } });
    }
  });

  it('requires the sessions read scope', async () => {
    const token = await account.tokenWith(['websites:read']);
    const response = await ctx().request(token, { method: 'GET', url: '/v1/visitors/search?q=luc' });
    expect(response.statusCode).toBe(403);
  });
});
