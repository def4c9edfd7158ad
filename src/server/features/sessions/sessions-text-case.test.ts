import { beforeAll, expect, it } from 'vitest';
import type { VisitorSearchResultResource } from '../../../api/schemas/visitors.ts';
import { describeApi, type TestAccount } from '../../test/harness.ts';
import { insertSession, insertVisitor } from '../../test/session-fixtures.ts';

// Letters beyond A to Z: SQLite's lower() leaves them as they are, and so does PostgreSQL's under the C
// locale, so the stored, lower-cased text may hold them in either case.
describeApi('text filters and people search with letters beyond A to Z', (ctx) => {
  let account: TestAccount;
  let applesId: string;
  let plainId: string;

  beforeAll(async () => {
    account = await ctx().newAccount();
    const db = ctx().database.db;
    const emilie = await insertVisitor(db, account.accountId, { name: 'Émilie Ölander', email: 'emilie@example.de' });
    const zoe = await insertVisitor(db, account.accountId, { name: 'zoë ünicode' });
    const visit = async (visitorId: string, urls: { start_url: string; end_url: string; referrer: string }) =>
      (await insertSession(db, account.accountId, account.websiteId, visitorId, urls)).id;
    applesId = await visit(emilie.id, {
      start_url: 'https://www.example.de/Äpfel/Über',
      end_url: 'https://www.example.de/Kasse',
      referrer: 'https://ÖL.example/Ärger',
    });
    plainId = await visit(zoe.id, {
      start_url: 'https://www.example.de/birnen',
      end_url: 'https://www.example.de/birnen',
      referrer: 'https://www.example.com/',
    });
  });

  async function ids(query: string): Promise<string[]> {
    const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ total: number; sessions: { id: string }[] }>();
    expect(body.total, query).toBe(body.sessions.length);
    return body.sessions.map((session) => session.id);
  }

  it('matches a URL, start URL or referrer in any case, as typed or not', async () => {
    for (const [param, text] of [
      ['url', 'Äpfel'],
      ['url', 'äpfel'],
      ['url', 'ÄPFEL/ÜBER'],
      ['start_url', 'äpfel/über'],
      ['start_url', 'Äpfel/Über'],
      ['referrer', 'ärger'],
      ['referrer', 'öl.EXAMPLE'],
    ] as const) {
      expect(await ids(`${param}=${encodeURIComponent(text)}`), `${param}=${text}`).toEqual([applesId]);
    }
    expect(await ids(`url=${encodeURIComponent('birnen')}`)).toEqual([plainId]);
    expect(await ids(`url=${encodeURIComponent('äpfel*')}`)).toEqual([]);
    expect(await ids(`url=${encodeURIComponent('ä[p]fel')}`)).toEqual([]);
  });

  it('finds people by a name that starts with such a letter, in any case', async () => {
    const search = async (q: string) => {
      const response = await ctx().request(account.token, {
        method: 'GET',
        url: `/v1/visitors/search?${new URLSearchParams({ q }).toString()}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<VisitorSearchResultResource>().visitors.map((visitor) => [visitor.name, visitor.matched_by]);
    };
    for (const q of ['Émilie Ö', 'émilie ö', 'ÉMILIE ÖLANDER']) {
      expect(await search(q), q).toEqual([['Émilie Ölander', 'name']]);
    }
    for (const q of ['Zoë Ü', 'ZOË ünicode']) expect(await search(q), q).toEqual([['zoë ünicode', 'name']]);
    expect(await search('Émilie X')).toEqual([]);
    // Typed without the accents, or with another apostrophe than the one stored.
    for (const q of ['emilie o', 'EMILIE OLANDER', 'zoe u']) expect(await search(q), q).not.toEqual([]);
  });

  it('finds a name typed without its accents or with another apostrophe', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    await insertVisitor(db, account.accountId, { name: 'Chloé O’Brien' });
    await insertVisitor(db, account.accountId, { name: "Seán D'Arcy" });
    const search = async (q: string) => {
      const response = await ctx().request(account.token, {
        method: 'GET',
        url: `/v1/visitors/search?${new URLSearchParams({ q }).toString()}`,
      });
      return response.json<VisitorSearchResultResource>().visitors.map((visitor) => visitor.name);
    };
    for (const q of ["chloe o'b", 'Chloé O’B', 'CHLOE  O´BRIEN']) expect(await search(q), q).toEqual(['Chloé O’Brien']);
    for (const q of ['sean d’a', "Seán D'Arcy"]) expect(await search(q), q).toEqual(["Seán D'Arcy"]);
    // By the surname alone, from the start of a word after the first.
    expect(await search("d'arcy")).toEqual(["Seán D'Arcy"]);
    expect(await search("o'brien")).toEqual(['Chloé O’Brien']);
    // And by the word after the apostrophe, as the name is also typed ("o brien").
    expect(await search('brien')).toEqual(['Chloé O’Brien']);
    expect(await search('arcy')).toEqual(["Seán D'Arcy"]);
    expect(await search('chloe x')).toEqual([]);
  });
});
