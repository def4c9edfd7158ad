import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { nameMiddleKeys, namedColumns } from '../../lib/name-key.ts';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertVisitor } from '../../test/session-fixtures.ts';
import { migrateToLatest } from '../migrate.ts';
import { databaseBeforeMigration } from './migration-test-support.ts';

const UNDER_TEST = '2026-12-07T1010-visitor-name-key-stroked-letters';
/** Names with their keys as the table kept them before the migration: lower case, accents dropped. */
const KEPT = {
  'Łukasz Żółć': 'łukasz zołc',
  'Ægir Øresund': 'ægir øresund',
  'Maria Groß': 'maria groß',
  'Ana Đurić de la Þórðardóttir': 'ana đuric de la þorðardottir',
  'Chloé Martin': 'chloe martin',
} as const;

interface Keys {
  id: string;
  name_key: string | null;
  name_tail_key: string | null;
  name_third_key: string | null;
  name_last_key: string | null;
}

for (const kind of testDatabaseKinds) {
  describe(`visitor name key stroked letters migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('keys again the names kept with a letter that has no accent to drop, their name words too', async () => {
      const { db } = await open(kind);
      await insertAccount(db, 'acc_1');
      for (const [name, key] of Object.entries(KEPT)) {
        await insertVisitor(db, 'acc_1', { id: name, name });
        await sql`update visitors set name_key = ${key} where id = ${name}`.execute(db);
      }
      // The name words as they were kept with the old key.
      await sql`delete from visitor_name_words`.execute(db);
      for (const [name, key] of Object.entries(KEPT)) {
        for (const word of nameMiddleKeys(key)) {
          await sql`insert into visitor_name_words (account_id, word_key, visitor_id)
            values ('acc_1', ${word}, ${name})`.execute(db);
        }
      }
      await sql`update visitors set name_key = 'kept as it was' where id = 'Chloé Martin'`.execute(db);

      await migrateToLatest(db);
      const { rows } = await sql<Keys>`
        select id, name_key, name_tail_key, name_third_key, name_last_key from visitors order by id`.execute(db);
      const expected = (name: string) => {
        const { name: _name, ...keys } = namedColumns(name);
        return { id: name, ...keys };
      };
      expect(rows).toEqual(
        Object.keys(KEPT)
          .sort()
          .map((name) =>
            name === 'Chloé Martin' ? { ...expected(name), name_key: 'kept as it was' } : expected(name),
          ),
      );
      expect(rows.find((row) => row.id === 'Łukasz Żółć')?.name_key).toBe('lukasz zolc');
      const { rows: words } = await sql<{ word_key: string; visitor_id: string }>`
        select word_key, visitor_id from visitor_name_words order by word_key`.execute(db);
      expect(words.map((word) => [word.word_key, word.visitor_id]).sort()).toEqual(
        ['ana duric delathordardottir', 'delathordardottir', 'duric delathordardottir', 'la thordardottir'].map(
          (word) => [word, 'Ana Đurić de la Þórðardóttir'],
        ),
      );
    });
  });
}
