import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { PREPARED_MARK } from './prepared-statements.ts';
import { sumWholeHours } from '../features/sessions/session-rollup.ts';
import { countSessions, findSessionPage } from '../features/sessions/sessions.repository.ts';
import { parseSessionSort } from '../features/sessions/session-order.ts';
import { insertAccount, insertSession, insertVisitor } from '../test/session-fixtures.ts';
import { searchVisitors } from '../features/visitors/visitors.service.ts';

if (testDatabaseKinds.includes('postgres')) {
  describe('marked statements on PostgreSQL', () => {
    let testDb: TestDatabase;
    let database: DatabaseHandle;

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres', { migrated: true });
      // One connection, so every statement below runs where pg_prepared_statements can see it.
      database = openDatabase(testDb.url, { poolSize: 1 });
    });
    afterAll(async () => {
      await database.close();
      await testDb.drop();
    });

    const preparedTexts = async () => {
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        database.db,
      );
      return rows.map((row) => row.statement);
    };

    it('runs a marked text as one prepared statement, whatever its values', async () => {
      const marked = (value: number) =>
        sql<{ doubled: number }>`${sql.raw(PREPARED_MARK)} select ${value}::int * 2 as doubled`.execute(database.db);
      const answers = [];
      for (const value of [1, 2, 3, 40, 500, 6000, 7]) answers.push((await marked(value)).rows[0]?.doubled);
      expect(answers).toEqual([2, 4, 6, 80, 1000, 12000, 14]);
      const prepared = (await preparedTexts()).filter((text) => text.includes('as doubled'));
      expect(prepared).toHaveLength(1);
      expect(prepared[0]?.startsWith(PREPARED_MARK)).toBe(true);
    });

    it('leaves unmarked texts unprepared', async () => {
      const { rows } = await sql<{ tripled: number }>`select ${5}::int * 3 as tripled`.execute(database.db);
      expect(rows[0]?.tripled).toBe(15);
      expect((await preparedTexts()).some((text) => text.includes('as tripled'))).toBe(false);
    });

    it('runs a marked text inside a transaction, whose writes it sees', async () => {
      const seen = await database.db.transaction().execute(async (trx) => {
        await sql`create temporary table marked_rows (value int) on commit drop`.execute(trx);
        await sql`insert into marked_rows values (1), (2), (3)`.execute(trx);
        const { rows } = await sql<{
          total: number;
        }>`${sql.raw(PREPARED_MARK)} select sum(value)::int as total from marked_rows where value >= ${2}`.execute(trx);
        return rows[0]?.total;
      });
      expect(seen).toBe(5);
    });

    it('leaves marked texts unprepared when prepared statements are turned off', async () => {
      const unprepared = openDatabase(testDb.url, { poolSize: 1, preparedStatements: false });
      try {
        for (const value of [1, 2])
          await sql`${sql.raw(PREPARED_MARK)} select ${value}::int * 4 as quadrupled`.execute(unprepared.db);
        const { rows } = await sql<{ count: number }>`
          select count(*)::int as count from pg_prepared_statements where statement like '%quadrupled%'`.execute(
          unprepared.db,
        );
        expect(rows[0]?.count).toBe(0);
      } finally {
        await unprepared.close();
      }
    });

    it("keeps the plan of a first page's keys in time order, its size written into the text", async () => {
      const { db } = database;
      await insertAccount(db, 'acc_first');
      const visitor = await insertVisitor(db, 'acc_first', {});
      const start = 1_790_000_000;
      const ids: string[] = [];
      for (let at = 0; at < 4; at += 1)
        ids.push((await insertSession(db, 'acc_first', 'web_9', visitor.id, { creation_timestamp: start + at })).id);
      const newestFirst = parseSessionSort(undefined);
      for (let round = 0; round < 8; round += 1) {
        const page = await findSessionPage(db, { accountId: 'acc_first', websiteId: 'web_9' }, newestFirst, {
          offset: 0,
          limit: 3,
          fromEnd: false,
        });
        expect(page.map((row) => row.id)).toEqual([...ids].reverse().slice(0, 3));
      }
      const { rows } = await sql<{ statement: string; generic: number }>`
        select statement, generic_plans::int as generic from pg_prepared_statements
        where statement like '%"sessions"."website_id" = $2%' and statement like '%limit 3'`.execute(db);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.statement).not.toMatch(/offset/);
      // Planned for its first runs, then run from the plan PostgreSQL keeps.
      expect(rows[0]?.generic).toBeGreaterThan(0);
    });

    it("prepares the rollups' sums once per shape, whatever the account and hours", async () => {
      const { db } = database;
      const start = 1_790_000_000 - (1_790_000_000 % 86_400);
      await insertAccount(db, 'acc_sums');
      await db
        .insertInto('session_hourly_counts')
        .values(
          Array.from({ length: 96 }, (_, hour) => ({
            account_id: 'acc_sums',
            website_id: hour % 2 === 0 ? 'web_1' : 'web_2',
            hour: start + hour * 3600,
            sessions: hour + 1,
          })),
        )
        .execute();
      // The same shape (whole days and hours at both ends) over two ranges, then the whole account.
      const sums = [];
      for (const [from, to] of [
        [5, 70],
        [3, 90],
      ] as const)
        sums.push(
          await sumWholeHours(db, { accountId: 'acc_sums' }, null, {
            from: start + from * 3600,
            to: start + to * 3600,
          }),
        );
      sums.push(await sumWholeHours(db, { accountId: 'acc_sums' }, null, { from: null, to: null }));
      const summed = (from: number, to: number) => ((to - from) * (from + 1 + to)) / 2;
      expect(sums).toEqual([summed(5, 70), summed(3, 90), summed(0, 96)]);
      const prepared = (await preparedTexts()).filter((text) => text.includes('session_hourly_counts'));
      expect(prepared).toHaveLength(1);
      expect((await preparedTexts()).filter((text) => text.includes('session_daily_counts'))).toHaveLength(2);
    });

    it("prepares a visitor's and an e-mail's page and total once per shape, each answered with its own sessions", async () => {
      const { db } = database;
      await insertAccount(db, 'acc_people');
      const start = 1_790_000_000;
      const sessionsOf = new Map<string, string[]>();
      // Two people share an address in different case, a third has one of their own.
      const people = [
        { email: 'Ana@Example.com', sessions: 3 },
        { email: 'ana@example.com', sessions: 2 },
        { email: 'bo@example.com', sessions: 4 },
      ];
      for (const [index, person] of people.entries()) {
        const visitor = await insertVisitor(db, 'acc_people', { email: person.email });
        const ids: string[] = [];
        for (let at = 0; at < person.sessions; at += 1) {
          const session = await insertSession(db, 'acc_people', 'web_1', visitor.id, {
            creation_timestamp: start + index * 100 + at * 1_000,
          });
          ids.push(session.id);
        }
        sessionsOf.set(visitor.id, ids);
      }
      const [ana, anaAgain, bo] = [...sessionsOf.keys()] as [string, string, string];
      const newestFirst = parseSessionSort(undefined);
      const read = async (filter: { visitorId?: string; emailLower?: string }) => {
        const full = { accountId: 'acc_people', ...filter };
        const [total, page] = await Promise.all([
          countSessions(db, full),
          findSessionPage(db, full, newestFirst, { offset: 1, limit: 2, fromEnd: false }),
        ]);
        return { total, ids: page.map((row) => row.id) };
      };
      // Newest first; the page skips the first.
      const newest = async (...visitors: string[]) => {
        const ids = visitors.flatMap((visitor) => sessionsOf.get(visitor) ?? []);
        const rows = await db
          .selectFrom('sessions')
          .select(['id', 'creation_timestamp'])
          .where('id', 'in', ids)
          .execute();
        return rows.sort((a, b) => b.creation_timestamp - a.creation_timestamp).map((row) => row.id);
      };
      for (let round = 0; round < 7; round += 1) {
        for (const visitor of [ana, bo]) {
          const answer = await read({ visitorId: visitor });
          expect(answer.total).toBe(sessionsOf.get(visitor)?.length);
          expect(answer.ids).toEqual((await newest(visitor)).slice(1, 3));
        }
        const shared = await read({ emailLower: 'ana@example.com' });
        expect(shared.total).toBe(5);
        expect(shared.ids).toEqual((await newest(ana, anaAgain)).slice(1, 3));
        expect(await read({ emailLower: 'nobody@example.com' })).toEqual({ total: 0, ids: [] });
      }
      const prepared = (await preparedTexts()).filter((text) => /"visitor_id" (=|in)/.test(text));
      // A page and a total for a visitor, and for an e-mail.
      expect(prepared).toHaveLength(4);
      expect(prepared.every((text) => text.startsWith(PREPARED_MARK))).toBe(true);
    });

    it("prepares the people search's statement once a number of words, whatever the text, each answering its own people", async () => {
      const { db } = database;
      await insertAccount(db, 'acc_search');
      const lena = await insertVisitor(db, 'acc_search', { email: 'Lena@Example.com', name: 'Lena Lima' });
      const ana = await insertVisitor(db, 'acc_search', { name: 'Ana María Ortiz' });
      const marc = await insertVisitor(db, 'acc_search', { email: 'marc@example.com', name: 'Marc Moreau' });
      const session = await insertSession(db, 'acc_search', 'web_1', marc.id);
      const search = async (q: string) =>
        (await searchVisitors(db, 'acc_search', { q, limit: 8 })).visitors.map((found) => [found.id, found.matched_by]);
      for (let round = 0; round < 7; round += 1) {
        expect(await search('LEN')).toEqual([[lena.id, 'email']]);
        expect(await search('marc m')).toEqual([[marc.id, 'name']]);
        expect(await search('lim')).toEqual([[lena.id, 'name']]);
        expect(await search(marc.id)).toEqual([[marc.id, 'id']]);
        expect(await search(session.id)).toEqual([[marc.id, 'session']]);
        expect(await search('ortiz')).toEqual([[ana.id, 'name']]);
        expect(await search('nobody')).toEqual([]);
      }
      const prepared = (await preparedTexts()).filter((text) => text.includes('visitors.email_lower'));
      // By id, by session, by e-mail prefix, by the name's keys and by id prefix: one statement for a text of
      // one word, and one for a text of two ("marc m"), which also reads it as a name surname first; and, for
      // that text, which fewer people start than the list holds, one that reads its words in any order.
      const byPrefix = prepared.filter((text) => text.includes('sessions.id'));
      expect(byPrefix).toHaveLength(2);
      expect(byPrefix.every((text) => text.includes('name_last_key') && !text.includes('strpos'))).toBe(true);
      expect(byPrefix.filter((text) => text.includes('substr(visitors.name_key'))).toHaveLength(1);
      expect(prepared.filter((text) => text.includes('strpos'))).toHaveLength(1);
      // The statements of a text of several words ran on their generic plans, never planned for their values,
      // and left the connection as it was.
      const { rows: plans } = await sql<{ generic_plans: string; custom_plans: string }>`
        select generic_plans, custom_plans from pg_prepared_statements
        where statement like '%visitors.email_lower%'
          and (statement like '%strpos%' or statement like '%substr(visitors.name_key%')`.execute(db);
      expect(plans.map((plan) => Number(plan.custom_plans))).toEqual([0, 0]);
      expect(plans.map((plan) => Number(plan.generic_plans))).toEqual([7, 7]);
      const { rows: mode } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db);
      expect(mode[0]?.plan_cache_mode).toBe('auto');
    });

    it('answers a marked text that fails with its error, and the connection goes on', async () => {
      await expect(
        sql`${sql.raw(PREPARED_MARK)} select * from no_such_table where id = ${1}`.execute(database.db),
      ).rejects.toThrow(/no_such_table/);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows[0]?.one).toBe(1);
    });
  });
}
