import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emailKey } from '../../lib/email-key.ts';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertVisitor } from '../../test/session-fixtures.ts';
import { migrateToLatest } from '../migrate.ts';
import { databaseBeforeMigration } from './migration-test-support.ts';

const UNDER_TEST = '2026-12-07T1000-visitor-email-key-letters';
/** E-mails with their keys as the table kept them before the migration (trimmed and lower-cased). */
const KEPT = {
  'ΣΟΦΟΣ@example.gr': 'σοφος@example.gr',
  'İrem.Yılmaz@example.com.tr': 'i\u0307rem.yılmaz@example.com.tr',
  'Lucas@Example.com': 'lucas@example.com',
} as const;

for (const kind of testDatabaseKinds) {
  describe(`visitor e-mail key letters migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('keys again the e-mails kept with a final sigma or a dotted i, and leaves the others as they were', async () => {
      const { db } = await open(kind);
      await insertAccount(db, 'acc_1');
      for (const [email, kept] of Object.entries(KEPT)) {
        await insertVisitor(db, 'acc_1', { id: email, email, email_lower: kept });
      }
      await insertVisitor(db, 'acc_1', { id: 'anonymous' });

      await migrateToLatest(db);
      const { rows } = await sql<{ id: string; email_lower: string | null }>`
        select id, email_lower from visitors order by id`.execute(db);
      expect(Object.fromEntries(rows.map((row) => [row.id, row.email_lower]))).toEqual({
        'ΣΟΦΟΣ@example.gr': 'σοφοσ@example.gr',
        'İrem.Yılmaz@example.com.tr': 'irem.yılmaz@example.com.tr',
        'Lucas@Example.com': 'lucas@example.com',
        anonymous: null,
      });
      // As new e-mails are keyed.
      for (const row of rows) if (row.email_lower !== null) expect(row.email_lower).toBe(emailKey(row.id));
    });
  });
}
