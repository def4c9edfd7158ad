import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Db, openDatabase } from '../../db/database.ts';
import { AbandonableReads, abandonable } from '../../db/abandoned-reads.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { containsText } from '../../db/text-case.ts';
import { TEXT_VALUES_CACHE_BYTES, matchingValues, setTextValuesCacheBytes } from './session-text-values.ts';

const ACCOUNT = 'acc_1';
const FACETS = ['url', 'start_url', 'referrer'];

/** What the sessions' own rows hold, some with characters a pattern or a case fold treats specially. */
const PAGES = [
  ['https://shop.example.com/Checkout?step=1', 'https://shop.example.com/thanks', 'https://www.google.com/'],
  ['https://shop.example.com/100%25_off', 'https://shop.example.com/sale_100%', 'https://news.example.org/'],
  ['https://shop.example.com/a\\b', 'https://shop.example.com/CAFÉ/menu', 'https://www.Google.de/search'],
  ['https://shop.example.com/café/ÜBER', 'https://shop.example.com/straße', ''],
];

const TEXTS = [
  'checkout',
  'CHECKOUT',
  'Check',
  '%',
  '_',
  '%25',
  '\\',
  'café',
  'CAFÉ',
  'é',
  'É',
  'über',
  'STRASSE',
  'straße',
  'google',
  'www.',
  '',
  'nowhere',
];

/** The account's values containing `text`, compared by the database as the row filters compare them. */
async function searchedByDatabase(db: Db, facet: string, text: string): Promise<string[]> {
  const { rows } = await sql<{ value: string }>`select value from session_text_values
    where account_id = ${ACCOUNT} and facet = ${facet} and ${containsText(db, sql.ref('value'), text)}`.execute(db);
  return rows.map((row) => row.value).sort();
}

for (const kind of testDatabaseKinds) {
  describe(`contains-filter values kept in memory [${kind}]`, () => {
    let testDb: TestDatabase | undefined;
    let database: DatabaseHandle | undefined;
    afterEach(async () => {
      setTextValuesCacheBytes(TEXT_VALUES_CACHE_BYTES);
      await database?.close();
      await testDb?.drop();
    });

    const open = async () => {
      testDb = await createTestDatabase(kind, { migrated: true });
      database = openDatabase(testDb.url, { poolSize: 2 });
      const { db } = database;
      await insertAccount(db, ACCOUNT);
      return db;
    };

    const record = async (db: Db, [start, end, referrer]: readonly string[]) => {
      const visitor = await insertVisitor(db, ACCOUNT);
      await insertSession(db, ACCOUNT, 'web_1', visitor.id, { start_url: start, end_url: end, referrer });
    };

    const expectSameAsDatabase = async (db: Db) => {
      for (let round = 0; round < 2; round += 1) {
        for (const facet of FACETS) {
          for (const text of TEXTS) {
            const expected = await searchedByDatabase(db, facet, text);
            expect((await matchingValues(db, ACCOUNT, facet, text)).sort(), `${facet} ${text}`).toEqual(expected);
          }
        }
      }
    };

    it('finds the values the database finds, asked again and again', async () => {
      const db = await open();
      for (const page of PAGES) await record(db, page);
      await expectSameAsDatabase(db);
      expect(await matchingValues(db, ACCOUNT, 'url', 'CHECKOUT')).toEqual([
        'https://shop.example.com/checkout?step=1',
      ]);
      expect(await matchingValues(db, 'acc_other', 'url', 'checkout')).toEqual([]);
    });

    it('sees values added after its list was read, through every handle on the database', async () => {
      const db = await open();
      await record(db, PAGES[0] ?? []);
      expect(await matchingValues(db, ACCOUNT, 'url', 'fresh')).toEqual([]);
      expect(await matchingValues(db, ACCOUNT, 'start_url', 'checkout')).toEqual([
        'https://shop.example.com/checkout?step=1',
      ]);

      await record(db, [
        'https://shop.example.com/fresh-start',
        'https://shop.example.com/Fresh/end',
        'https://fresh.example/',
      ]);
      const request = abandonable(db, new AbandonableReads());
      expect((await matchingValues(request, ACCOUNT, 'url', 'fresh')).sort()).toEqual([
        'https://shop.example.com/fresh-start',
        'https://shop.example.com/fresh/end',
      ]);
      expect(await matchingValues(db, ACCOUNT, 'start_url', 'FRESH')).toEqual(['https://shop.example.com/fresh-start']);
      expect(await matchingValues(db, ACCOUNT, 'referrer', 'fresh')).toEqual(['https://fresh.example/']);

      // The kept counts follow the table.
      const { rows } = await sql<{ facet: string; kept: number | string; listed: number | string }>`
        select c.facet, c.value_count as kept,
          (select count(*) from session_text_values v where v.account_id = c.account_id and v.facet = c.facet) as listed
        from session_text_value_counts c where c.account_id = ${ACCOUNT} order by c.facet`.execute(db);
      expect(rows.map((row) => row.facet)).toEqual(['referrer', 'start_url', 'url']);
      for (const row of rows) expect(Number(row.kept), row.facet).toBe(Number(row.listed));
    });

    it('leaves lists too large to keep to the database, and reads them again when values are added', async () => {
      // Room for the referrers' list (about 460 bytes), not for the URLs' or start URLs'.
      setTextValuesCacheBytes(2_000);
      const db = await open();
      for (const page of PAGES) await record(db, page);
      await expectSameAsDatabase(db);
      await record(db, [
        'https://shop.example.com/fresh',
        'https://shop.example.com/fresh/end',
        'https://fresh.example/',
      ]);
      await expectSameAsDatabase(db);
      expect(await matchingValues(db, ACCOUNT, 'url', 'fresh')).toHaveLength(2);
      expect(await matchingValues(db, ACCOUNT, 'referrer', 'fresh')).toEqual(['https://fresh.example/']);
    });
  });
}
