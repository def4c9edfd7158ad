/** A bulk load into hours already sealed as sets marks them, as the triggers it sets aside would. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import type { SessionFilter } from '../features/sessions/session-filter.ts';
import { sealAll } from '../features/sessions/session-sets.ts';
import { countExactly, countSessions } from '../features/sessions/sessions.repository.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { seedSessions } from './seed-sessions.ts';

const NOW = new Date('2026-11-20T15:30:00Z');
const HOUR = 3_600;

for (const kind of testDatabaseKinds) {
  describe(`seeding into sealed hours [${kind}]`, () => {
    let testDb: TestDatabase;
    let handle: DatabaseHandle;

    beforeAll(async () => {
      testDb = await createTestDatabase(kind, { migrated: true });
      handle = openDatabase(testDb.url, { poolSize: 4 });
    });

    afterAll(async () => {
      await handle.close();
      await testDb.drop();
    });

    const count = async (table: string, where = sql`true`) => {
      const { rows } = await sql<{
        n: number | string;
      }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(handle.db);
      return Number(rows[0]?.n ?? 0);
    };

    const sealAllAt = (now: number) => sealAll(handle.db, { now: () => now, perRun: 100 });

    it('marks the loaded hours stale and drops their days, and the totals stay exact', async () => {
      const { db } = handle;
      const accountId = (await createAccount(db, 'acme')).id;
      await seedSessions(db, { accountId, sessions: 400, days: 3, now: NOW, seed: 3 });
      // An hour after NOW every hour of the load has ended, the last one more than 30 minutes ago.
      const sealAt = NOW.getTime() + 2 * HOUR * 1000;
      await sealAllAt(sealAt);
      expect(await count('session_set_hours', sql`stale = 1`)).toBe(0);
      const days = await count('session_set_days');
      expect(days).toBeGreaterThan(1);

      await seedSessions(db, { accountId, sessions: 200, days: 3, now: NOW, seed: 4 });
      expect(await count('session_set_hours', sql`stale = 1`)).toBeGreaterThan(0);
      expect(await count('session_set_days')).toBeLessThan(days);

      const filters: SessionFilter[] = [
        { accountId, url: 'checkout' },
        { accountId, url: 'pricing', device: 'desktop', from: Math.floor(NOW.getTime() / 1000) - 2 * 86_400 + 1_000 },
      ];
      const expectExact = async () => {
        for (const filter of filters) expect(await countSessions(db, filter)).toBe(await countExactly(db, filter));
      };
      await expectExact();
      await sealAllAt(sealAt);
      expect(await count('session_set_hours', sql`stale = 1`)).toBe(0);
      expect(await count('session_set_days')).toBe(days);
      await expectExact();
    });
  });
}
