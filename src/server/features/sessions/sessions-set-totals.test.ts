import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { insertSession } from '../../test/session-fixtures.ts';
import { createWebsite } from '../websites/websites.service.ts';
import type { SessionFilter } from './session-filter.ts';
import {
  FINDING_BASE,
  type FindingRow,
  type RowCondition,
  insertPageView,
  lcg,
  seedFindingSessions,
  visited,
} from './session-finding-fixtures.ts';
import { countBySets } from './session-set-count.ts';
import { SETS_VERSION, sealableBefore } from './session-sets.ts';
import { countExactly, countSessions } from './sessions.repository.ts';
import {
  SET_CONDITIONS,
  URLS,
  analyze,
  countRows,
  expectTotals,
  sealAllAt,
  totalOf,
} from './test-support/set-totals.ts';

const HOUR = 3_600;
const DAY = 86_400;

describeApi("GET /v1/sessions totals from the sealed hours' sets", (ctx) => {
  it('equal a row-by-row count for a page URL with other conditions over sealed days, hours and the rest', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const second = await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    const rows = await seedFindingSessions(db, account, second.id, 200);
    // Two and a half of the fixture's three days are past: whole days, hours of the third and the rest.
    const now = FINDING_BASE + 2 * DAY + 12 * HOUR;
    expect(await sealAllAt(db, now)).toBeGreaterThan(0);
    await analyze(db);
    const marked = await countRows(db, 'session_set_marks', sql`account_id = ${account.accountId}`);
    expect(marked).toBe(1);
    expect(await countRows(db, 'session_set_days', sql`account_id = ${account.accountId}`)).toBeGreaterThan(0);
    const sealedHours = await countRows(db, 'session_set_hours', sql`account_id = ${account.accountId}`);
    expect(sealedHours).toBeGreaterThan(24);

    const conditions: RowCondition[] = [
      ...SET_CONDITIONS,
      [`website_id=${second.id}`, (row) => row.website_id === second.id],
    ];
    const random = lcg(31);
    let nonZero = 0;
    for (let probe = 0; probe < 50; probe += 1) {
      const chosen = new Map<string, RowCondition>();
      const url = URLS[random(URLS.length)] as RowCondition;
      chosen.set('url', url);
      while (chosen.size < 1 + (probe % 3)) {
        const condition = conditions[random(conditions.length)] as RowCondition;
        // One bound per range: a minimum above the maximum is refused.
        chosen.set((condition[0].split('=')[0] ?? '').replace(/_(min|max)$/, ''), condition);
      }
      const from = probe % 5 === 0 ? null : FINDING_BASE - DAY + random(3 * DAY);
      const to = probe % 4 === 0 ? null : (from ?? FINDING_BASE) + HOUR + random(3 * DAY);
      if ((await expectTotals(totalOf(ctx, account.token), rows, [...chosen.values()], { from, to })) > 0) nonZero += 1;
    }
    expect(nonZero).toBeGreaterThan(20);

    // The sets, not the rows, counted the sealed part.
    const from = Math.ceil(FINDING_BASE / HOUR) * HOUR;
    const filter: SessionFilter = {
      accountId: account.accountId,
      url: 'shop',
      device: 'mobile',
      durationMin: 120,
      from,
    };
    let rowsCounted = 0;
    const counted = await countBySets(db, filter, async (part) => {
      rowsCounted += 1;
      expect(part.from ?? Infinity).toBeGreaterThanOrEqual(sealableBefore(now * 1000));
      return countExactly(db, part);
    });
    expect(counted).toBe(await countExactly(db, filter));
    expect(rowsCounted).toBe(1);
  });

  it('stay exact when sealed sessions change, and again once the changed hours are written anew', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const second = await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    const rows = await seedFindingSessions(db, account, second.id, 150);
    const now = FINDING_BASE + 5 * DAY;
    await sealAllAt(db, now);
    await analyze(db);
    const stale = () => countRows(db, 'session_set_hours', sql`account_id = ${account.accountId} and stale = 1`);
    expect(await stale()).toBe(0);
    const days = await countRows(db, 'session_set_days', sql`account_id = ${account.accountId}`);
    expect(days).toBe(4);
    const checks: RowCondition[][] = [
      [['url=refund', (row) => visited(row, 'refund')]],
      [
        ['url=refund', (row) => visited(row, 'refund')],
        ['device=mobile', (row) => row.device === 'mobile'],
      ],
      [
        ['url=products', (row) => visited(row, 'products')],
        ['device=tablet', (row) => row.device === 'tablet'],
        ['has_errors=false', (row) => row.error_logs === 0],
      ],
      [['url=shop', (row) => visited(row, 'shop')]],
    ];
    const ranges = [
      { from: null, to: null },
      { from: FINDING_BASE + 3 * HOUR, to: FINDING_BASE + 2 * DAY + 7 * HOUR + 30 },
    ];
    const expectAll = async () => {
      for (const conditions of checks) {
        for (const range of ranges) await expectTotals(totalOf(ctx, account.token), rows, conditions, range);
      }
    };
    // Counted once before the changes: the unions kept from these counts must not outlive their build.
    await expectAll();

    // A property, a page view, a deletion, a late session and a move to another hour.
    for (const row of rows.slice(0, 6)) {
      row.device = row.device === 'mobile' ? 'tablet' : 'mobile';
      await db.updateTable('sessions').set({ device: row.device }).where('id', '=', row.id).execute();
    }
    for (const row of rows.slice(6, 10)) {
      const url = 'https://shop.example.com/refund?order=7';
      await insertPageView(db, account.accountId, row, 1_000, { url });
      row.pageUrls.push(url);
    }
    for (const row of rows.splice(10, 2)) {
      await db.deleteFrom('session_events').where('session_id', '=', row.id).execute();
      await db.deleteFrom('sessions').where('id', '=', row.id).execute();
    }
    const [first] = rows;
    if (!first) throw new Error('The fixture has sessions');
    const late = await insertSession(db, account.accountId, account.websiteId, first.visitor.id, {
      creation_timestamp: FINDING_BASE + DAY + 1_234,
      device: 'mobile',
      end_url: 'https://shop.example.com/refund',
    });
    rows.push({ ...late, visitor: first.visitor, pageUrls: [] });
    const moved = rows[12] as FindingRow;
    moved.creation_timestamp += 2 * DAY + 5 * HOUR;
    await db
      .updateTable('sessions')
      .set({ creation_timestamp: moved.creation_timestamp })
      .where('id', '=', moved.id)
      .execute();

    expect(await stale()).toBeGreaterThan(0);
    expect(await countRows(db, 'session_set_days', sql`account_id = ${account.accountId}`)).toBeLessThan(days);
    await expectAll();

    expect(await sealAllAt(db, now)).toBeGreaterThan(0);
    expect(await stale()).toBe(0);
    expect(await countRows(db, 'session_set_days', sql`account_id = ${account.accountId}`)).toBe(days);
    await expectAll();
    const filter: SessionFilter = { accountId: account.accountId, url: 'refund', device: 'mobile' };
    expect(await countBySets(db, filter, (part) => countExactly(db, part))).toBe(await countSessions(db, filter));
  });

  it('leave the hours that may still change to the rows', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const second = await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    await seedFindingSessions(db, account, second.id, 40);
    // An hour ended 29 minutes ago is not sealed yet; one ended 30 minutes ago is.
    const end = FINDING_BASE + 2 * HOUR - (FINDING_BASE % HOUR);
    expect(sealableBefore((end + 29 * 60) * 1000)).toBe(end - HOUR);
    expect(sealableBefore((end + 30 * 60) * 1000)).toBe(end);
    await sealAllAt(db, end + 29 * 60);
    const { rows } = await sql<{ sealed_until: number | string }>`
      select sealed_until from session_set_marks where account_id = ${account.accountId}`.execute(db);
    expect(Number(rows[0]?.sealed_until)).toBe(end - HOUR);
    expect(
      await countRows(db, 'session_set_hours', sql`account_id = ${account.accountId} and hour >= ${end - HOUR}`),
    ).toBe(0);
    // No whole day is sealed yet.
    expect(await countRows(db, 'session_set_days', sql`account_id = ${account.accountId}`)).toBe(0);
  });

  it('are left to the rows, then written anew, when another version of the builder wrote them', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const second = await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    await seedFindingSessions(db, account, second.id, 40);
    const now = FINDING_BASE + 5 * DAY;
    await sealAllAt(db, now);
    const filter: SessionFilter = { accountId: account.accountId, url: 'shop', hasErrors: true };
    const exact = await countExactly(db, filter);
    expect(await countBySets(db, filter, (part) => countExactly(db, part))).toBe(exact);
    const hours = await countRows(db, 'session_set_hours', sql`account_id = ${account.accountId}`);

    await sql`update session_set_marks set version = ${SETS_VERSION + 1} where account_id = ${account.accountId}`.execute(
      db,
    );
    expect(await countBySets(db, filter, (part) => countExactly(db, part))).toBeNull();
    expect(await countSessions(db, filter)).toBe(exact);
    expect(await sealAllAt(db, now)).toBeGreaterThanOrEqual(hours);
    expect(await countRows(db, 'session_set_hours', sql`account_id = ${account.accountId}`)).toBe(hours);
    expect(await countBySets(db, filter, (part) => countExactly(db, part))).toBe(exact);
  });
});
