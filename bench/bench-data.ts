import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { createAccount } from '../src/server/features/accounts/accounts.service.ts';
import { findAccountByIdOrName } from '../src/server/features/accounts/accounts.repository.ts';
import { createApiToken } from '../src/server/features/tokens/tokens.service.ts';
import { seedSessions } from '../src/server/seed/seed-sessions.ts';
import { sealAll } from '../src/server/features/sessions/session-sets.ts';

export const BENCH_ACCOUNT = 'bench';

export interface BenchData {
  accountId: string;
  token: string;
  sessions: number;
  /** The account's visitors: the people the search looks through. */
  visitors: number;
  /** An identified visitor's e-mail with its letters' case flipped, so only a case-insensitive match finds it. */
  emailInOtherCase: string;
  /** The visitor with the most sessions. */
  busiestVisitorId: string;
  /** The first letters of an identified visitor's name, for the people search. */
  namePrefix: string;
  /**
   * That visitor's name surname first, the first name cut to its first two letters ("doe ja", "de vries fa"
   * of Fatima de Vries).
   */
  surnameFirst: string;
  /**
   * That visitor's name with its words reversed, the first name cut the same ("vries de fa"): a text no name
   * reads as, found only by the reads of its words in any order. The same as `surnameFirst` for a name of two
   * words.
   */
  wordsReversed: string;
  /** That visitor's surname and a word no name holds: the most names read for nobody found. */
  surnameAndNoOne: string;
  /** A website of the account, for the website-narrowed deep pages. */
  firstWebsiteId: string;
}

function flipCase(text: string): string {
  return [...text].map((char) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())).join('');
}

function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/**
 * Makes sure account "bench" holds `targetSessions` sessions (seeding what is missing, which is the slow
 * part, so a database that already has them is reused), then picks the filter values and creates a token.
 */
export async function prepareBenchData(url: string, targetSessions: number): Promise<BenchData> {
  // A bulk load builds indexes over millions of rows: no statement timeout.
  const handle = openDatabase(url, { poolSize: 4, statementTimeoutMs: 0 });
  try {
    const { db } = handle;
    await migrateDatabase(url, handle);
    const account = (await findAccountByIdOrName(db, BENCH_ACCOUNT)) ?? (await createAccount(db, BENCH_ACCOUNT));
    const countRow = await db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    let sessions = Number(countRow.n);

    if (sessions >= targetSessions) {
      console.log(`Reusing account "${BENCH_ACCOUNT}" with ${formatCount(sessions)} sessions`);
    } else {
      const missing = targetSessions - sessions;
      console.log(
        `Seeding ${formatCount(missing)} sessions into account "${BENCH_ACCOUNT}" (had ${formatCount(sessions)})...`,
      );
      const started = performance.now();
      let reported = 0;
      const onProgress = (done: number) => {
        if (done - reported < 100_000 || done === missing) return;
        reported = done;
        const rate = done / ((performance.now() - started) / 1000);
        console.log(`  ${formatCount(done)} / ${formatCount(missing)} (${formatCount(rate)} sessions/s)`);
      };
      const result = await seedSessions(db, {
        accountId: account.id,
        sessions: missing,
        websites: 3,
        days: 60,
        onProgress,
      });
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `Seeded ${formatCount(result.sessions)} sessions (${formatCount(result.visitors)} visitors), indexes and statistics included, in ${seconds.toFixed(1)} s: ` +
          `${formatCount(result.sessions / seconds)} sessions/s`,
      );
      sessions += result.sessions;
    }

    // The server's worker seals past hours in the background; a bench measures them sealed, as a server
    // that has run for a while has them, and as of the newest session: a live server's last 30 to 90
    // minutes of traffic are not sealed yet, and every total reads them from the rows.
    const newest = await db
      .selectFrom('sessions')
      .select((eb) => eb.fn.max('creation_timestamp').as('at'))
      .where('account_id', '=', account.id)
      .executeTakeFirst();
    const sealedAsOf = newest?.at == null ? Date.now() : Number(newest.at) * 1000;
    const sealing = performance.now();
    const sealed = await sealAll(db, { now: () => sealedAsOf, perRun: 500 });
    if (sealed > 0) {
      console.log(
        `Sealed ${formatCount(sealed)} hours into sets in ${((performance.now() - sealing) / 1000).toFixed(1)} s`,
      );
    }

    // A migration may have filled a rollup after the last seed: its statistics must be fresh too, or the
    // planner guesses one row and scans the wrong range (a second, cheap on a few hundred thousand rows).
    for (const table of [
      'session_hourly_facets',
      'session_daily_facets',
      'session_pages',
      'session_text_values',
      'session_set_hours',
      'session_sets',
      'session_set_days',
      'session_day_sets',
    ]) {
      await sql`ANALYZE ${sql.table(table)}`.execute(db);
    }

    const identified = await db
      .selectFrom('visitors')
      .select(['email', 'name'])
      .where('account_id', '=', account.id)
      .where('email', 'is not', null)
      .orderBy(sql`last_session_timestamp - first_session_timestamp`, 'desc')
      .limit(1)
      .executeTakeFirst();
    const busiest = await db
      .selectFrom('sessions')
      .select(['visitor_id', (eb) => eb.fn.countAll().as('n')])
      .where('account_id', '=', account.id)
      .groupBy('visitor_id')
      .orderBy('n', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!identified?.email || !busiest)
      throw new Error(`Account "${BENCH_ACCOUNT}" has no identified visitor or no sessions`);
    const words = (identified.name ?? identified.email).split(' ');

    const visitors = await db
      .selectFrom('visitors')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    console.log(`The account has ${formatCount(Number(visitors.n))} visitors`);

    const website = await db
      .selectFrom('websites')
      .select('id')
      .where('account_id', '=', account.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { token } = await createApiToken(db, {
      accountId: account.id,
      name: 'bench',
      scopes: ['users.sessions:read'],
    });
    return {
      accountId: account.id,
      token,
      sessions,
      visitors: Number(visitors.n),
      emailInOtherCase: flipCase(identified.email),
      busiestVisitorId: busiest.visitor_id,
      namePrefix: (identified.name ?? identified.email).slice(0, 3),
      surnameFirst: [...words.slice(1), words[0]?.slice(0, 2)].join(' '),
      wordsReversed: [...words.slice(1).reverse(), words[0]?.slice(0, 2)].join(' '),
      surnameAndNoOne: `${words.at(-1) ?? ''} qx`,
      firstWebsiteId: website.id,
    };
  } finally {
    await handle.close();
  }
}
