import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertSession } from '../../test/session-fixtures.ts';
import { databaseBeforeMigration } from './migration-test-support.ts';

for (const kind of testDatabaseKinds) {
  describe(`visitor session counts migration [${kind}]`, () => {
    // Everything up to the migration under test, so existing sessions exist before it runs.
    const open = databaseBeforeMigration('2026-11-23T1200-visitor-session-counts');

    it('backfills the count of existing sessions, then triggers keep it on insert, move and delete', async () => {
      const { db, migrator } = await open(kind);

      const visitor = (id: string) => ({
        account_id: 'acc_1',
        id,
        name: null,
        email: null,
        email_lower: null,
        email_hash: null,
        params: '[]',
        first_session_timestamp: 1_700_000_000,
        last_session_timestamp: 1_700_000_000,
      });
      await insertAccount(db, 'acc_1');
      await db
        .insertInto('visitors')
        .values([visitor('v_a'), visitor('v_b')])
        .execute();
      const addSession = (id: string, visitorId: string) => insertSession(db, 'acc_1', 'web_1', visitorId, { id });
      await addSession('s_1', 'v_a');
      await addSession('s_2', 'v_a');
      await addSession('s_3', 'v_b');

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const counts = async () =>
        Object.fromEntries(
          (await db.selectFrom('visitors').select(['id', 'session_count']).orderBy('id').execute()).map((row) => [
            row.id,
            Number(row.session_count),
          ]),
        );
      expect(await counts()).toEqual({ v_a: 2, v_b: 1 });

      await addSession('s_4', 'v_b');
      expect(await counts()).toEqual({ v_a: 2, v_b: 2 });
      await db.updateTable('sessions').set({ visitor_id: 'v_b' }).where('id', '=', 's_1').execute();
      expect(await counts()).toEqual({ v_a: 1, v_b: 3 });
      await db.deleteFrom('sessions').where('id', 'in', ['s_2', 's_3']).execute();
      expect(await counts()).toEqual({ v_a: 0, v_b: 2 });
    });
  });
}
