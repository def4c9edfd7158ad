import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import { createWebsite } from '../features/websites/websites.service.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { seedSessions } from './seed-sessions.ts';

const NOW = new Date('2026-11-20T15:30:00Z');
const NOW_SECONDS = NOW.getTime() / 1000;
const DAYS = 30;
const SESSIONS = 2000;

let dir: string;
const handles: DatabaseHandle[] = [];

async function freshDatabase(name: string): Promise<DatabaseHandle> {
  const handle = openDatabase(path.join(dir, `${name}.db`));
  handles.push(handle);
  await migrateToLatest(handle.db);
  return handle;
}

function pearson(xs: number[], ys: number[]): number {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, i) => {
    const dx = x - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  });
  return sxy / Math.sqrt(sxx * syy);
}

describe('seedSessions on SQLite', () => {
  let handle: DatabaseHandle;
  let accountId: string;
  let otherWebsiteId: string;
  let result: Awaited<ReturnType<typeof seedSessions>>;
  let sessions: SessionsTable[];
  let visitors: VisitorsTable[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
    handle = await freshDatabase('main');
    const other = await createAccount(handle.db, 'other');
    otherWebsiteId = (await createWebsite(handle.db, { accountId: other.id, host: 'www.other.com' })).id;
    accountId = (await createAccount(handle.db, 'acme')).id;
    result = await seedSessions(handle.db, { accountId, sessions: SESSIONS, days: DAYS, now: NOW, seed: 7 });
    sessions = await handle.db.selectFrom('sessions').selectAll().where('account_id', '=', accountId).execute();
    visitors = await handle.db.selectFrom('visitors').selectAll().where('account_id', '=', accountId).execute();
  });

  afterAll(async () => {
    for (const open of handles) await open.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes exactly the sessions asked for, and the visitors it reports', () => {
    expect(result.sessions).toBe(SESSIONS);
    expect(sessions).toHaveLength(SESSIONS);
    expect(visitors).toHaveLength(result.visitors);
    expect(new Set(sessions.map((session) => session.visitor_id)).size).toBe(result.visitors);
  });

  it('creates three websites and records sessions only on websites of the account', async () => {
    const websites = await handle.db
      .selectFrom('websites')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
    expect(websites.map((website) => website.host)).toEqual(['shop.acme.com', 'www.acme.com', 'docs.acme.com']);
    expect(websites.map((website) => website.name)).toEqual(['Acme Shop', 'Acme', 'Acme Docs']);
    expect(result.websiteIds).toEqual(websites.map((website) => website.id));
    const ids = new Set(result.websiteIds);
    expect(sessions.every((session) => ids.has(session.website_id))).toBe(true);
    expect(sessions.some((session) => session.website_id === otherWebsiteId)).toBe(false);
    const hosts = new Map(websites.map((website) => [website.id, website.host]));
    expect(sessions.every((session) => session.start_url.startsWith(`https://${hosts.get(session.website_id)}/`))).toBe(
      true,
    );
    expect(sessions.every((session) => session.end_url.startsWith(`https://${hosts.get(session.website_id)}/`))).toBe(
      true,
    );
  });

  it('gives each visitor first and last timestamps equal to the min and max of their sessions, and one first session', () => {
    const byVisitor = new Map<string, SessionsTable[]>();
    for (const session of sessions)
      byVisitor.set(session.visitor_id, [...(byVisitor.get(session.visitor_id) ?? []), session]);
    for (const visitor of visitors) {
      const own = byVisitor.get(visitor.id) ?? [];
      const times = own.map((session) => session.creation_timestamp);
      expect(visitor.first_session_timestamp).toBe(Math.min(...times));
      expect(visitor.last_session_timestamp).toBe(Math.max(...times));
      const firsts = own.filter((session) => session.visitor_first_session === 1);
      expect(firsts).toHaveLength(1);
      expect(firsts[0]?.creation_timestamp).toBe(visitor.first_session_timestamp);
    }
    const counts = [...byVisitor.values()].map((own) => own.length);
    expect(counts.filter((count) => count <= 3).length / counts.length).toBeGreaterThan(0.6);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(20);
  });

  it('keeps every session inside the window and its own times consistent', () => {
    const windowStart = NOW_SECONDS - DAYS * 86_400;
    for (const session of sessions) {
      expect(session.creation_timestamp).toBeGreaterThanOrEqual(windowStart);
      expect(session.end_timestamp).toBeLessThanOrEqual(NOW_SECONDS);
      expect(session.end_timestamp).toBe(session.creation_timestamp + session.duration);
      expect(session.duration).toBeGreaterThanOrEqual(5);
      expect(session.duration).toBeLessThanOrEqual(7200);
      expect(session.active_time).toBeLessThanOrEqual(session.duration);
      expect(session.last_event_timestamp).toBeGreaterThanOrEqual(session.creation_timestamp);
      expect(session.last_event_timestamp).toBeLessThanOrEqual(session.end_timestamp);
      expect(session.expiration_timestamp).toBe(session.creation_timestamp + 30 * 86_400);
      expect(session.engagement_score).toBeGreaterThanOrEqual(0);
      expect(session.engagement_score).toBeLessThanOrEqual(100);
      expect(Math.round(session.engagement_score * 10) / 10).toBe(session.engagement_score);
      expect(session.id).toMatch(/^s_[0-9a-z]{20}$/);
      expect(session.visitor_id).toMatch(/^v_[0-9a-z]{16}$/);
      expect([0, 1]).toContain(session.seen);
      expect(Array.isArray(JSON.parse(session.tags))).toBe(true);
    }
  });

  it('stores e-mails as given, some in mixed case, with a lower-cased key and its hash', () => {
    const identified = visitors.filter((visitor) => visitor.email !== null);
    expect(identified.length / visitors.length).toBeGreaterThan(0.25);
    expect(identified.length / visitors.length).toBeLessThan(0.5);
    expect(identified.some((visitor) => visitor.email !== visitor.email_lower)).toBe(true);
    for (const visitor of identified) {
      const lower = (visitor.email ?? '').trim().toLowerCase();
      expect(visitor.email_lower).toBe(lower);
      expect(visitor.email_hash).toBe(crypto.createHash('sha256').update(lower).digest('hex'));
      expect(visitor.name).not.toBeNull();
      const params = JSON.parse(visitor.params) as { name: string; value: string }[];
      expect(params.find((param) => param.name === 'plan')?.value).toMatch(/^(free|pro|enterprise)$/);
    }
    const anonymous = visitors.filter((visitor) => visitor.email === null);
    expect(
      anonymous.every((visitor) => visitor.name === null && visitor.email_hash === null && visitor.params === '[]'),
    ).toBe(true);
  });

  it('keeps device, OS, browser and screen consistent with each other', () => {
    const share = (device: string) => sessions.filter((session) => session.device === device).length / sessions.length;
    expect(share('desktop')).toBeGreaterThan(0.4);
    expect(share('mobile')).toBeGreaterThan(0.2);
    for (const session of sessions) {
      if (session.device === 'desktop') {
        expect(['Windows', 'macOS', 'Linux']).toContain(session.os_name);
        expect(session.resolution_width).toBeGreaterThanOrEqual(1280);
      } else {
        expect(['iOS', 'Android']).toContain(session.os_name);
        expect(session.resolution_width).toBeLessThan(session.device === 'mobile' ? 500 : 1400);
      }
      if (session.os_name === 'iOS') expect(session.browser_description).toMatch(/iPhone|iPad/);
      expect(session.browser_description).toMatch(/^Mozilla\/5\.0 \(/);
    }
  });

  it('correlates engagement with page views, and frustration against it', () => {
    const scores = sessions.map((session) => session.engagement_score);
    expect(
      pearson(
        scores,
        sessions.map((session) => session.page_views),
      ),
    ).toBeGreaterThan(0.3);
    expect(
      pearson(
        scores,
        sessions.map((session) => session.duration),
      ),
    ).toBeGreaterThan(0.2);
    const frustration = sessions.map((session) => session.rage_clicks + session.error_clicks + session.net_errors);
    expect(pearson(scores, frustration)).toBeLessThan(0);
    expect(sessions.filter((session) => session.rage_clicks === 0).length / sessions.length).toBeGreaterThan(0.8);
  });

  it('is deterministic for a given seed and now', async () => {
    const copy = await freshDatabase('copy');
    await createWebsite(copy.db, { accountId: (await createAccount(copy.db, 'other')).id, host: 'www.other.com' });
    const copyAccount = await createAccount(copy.db, 'acme');
    const copyResult = await seedSessions(copy.db, {
      accountId: copyAccount.id,
      sessions: SESSIONS,
      days: DAYS,
      now: NOW,
      seed: 7,
    });
    expect(copyResult.visitors).toBe(result.visitors);
    const copied = await copy.db.selectFrom('sessions').selectAll().where('account_id', '=', copyAccount.id).execute();
    // Account and website ids are fresh random ids; everything else must match row for row.
    const comparable = (rows: SessionsTable[], websiteIds: string[]) =>
      rows
        .map(({ account_id: _account, website_id, ...rest }) => ({ ...rest, website: websiteIds.indexOf(website_id) }))
        .sort((a, b) => a.id.localeCompare(b.id));
    expect(comparable(copied, copyResult.websiteIds)).toEqual(comparable(sessions, result.websiteIds));

    const other = await freshDatabase('other-seed');
    const otherAccount = await createAccount(other.db, 'acme');
    await seedSessions(other.db, { accountId: otherAccount.id, sessions: 50, now: NOW, seed: 8 });
    const otherIds = await other.db.selectFrom('sessions').select('id').execute();
    expect(otherIds.some((row) => sessions.some((session) => session.id === row.id))).toBe(false);
  });

  it('adds to an account that already has visitors, reusing its websites', async () => {
    const more = await seedSessions(handle.db, { accountId, sessions: 300, now: NOW });
    expect(more.websiteIds).toEqual(result.websiteIds);
    const count = await handle.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(SESSIONS + 300);
  });

  it('spreads over exactly the number of websites asked for', async () => {
    const account = await createAccount(handle.db, 'Big Brand');
    const seeded = await seedSessions(handle.db, {
      accountId: account.id,
      sessions: 100,
      websites: 7,
      now: NOW,
      seed: 1,
    });
    expect(seeded.websiteIds).toHaveLength(7);
    const rows = await handle.db.selectFrom('websites').select('host').where('account_id', '=', account.id).execute();
    expect(new Set(rows.map((row) => row.host)).size).toBe(7);
    expect(rows.map((row) => row.host)).toContain('shop.bigbrand.com');
    const narrow = await seedSessions(handle.db, { accountId: account.id, sessions: 10, websites: 2, now: NOW });
    expect(narrow.websiteIds).toEqual(seeded.websiteIds.slice(0, 2));
  });
});

describe.each(['sqlite-memory', ...testDatabaseKinds.filter((kind) => kind === 'postgres')])(
  'seedSessions through Kysely [%s]',
  (kind) => {
    let handle: DatabaseHandle;
    let testDb: TestDatabase | null = null;

    beforeAll(async () => {
      testDb = kind === 'postgres' ? await createTestDatabase('postgres') : null;
      handle = openDatabase(testDb?.url ?? ':memory:', { poolSize: 4 });
      await migrateToLatest(handle.db);
    });

    afterAll(async () => {
      await handle.close();
      await testDb?.drop();
    });

    it('writes the same rows as the SQLite file path, consistently', async () => {
      const seedAndRead = async (database: DatabaseHandle) => {
        const account = await createAccount(database.db, 'acme');
        const seeded = await seedSessions(database.db, {
          accountId: account.id,
          sessions: 1500,
          days: DAYS,
          now: NOW,
          seed: 11,
        });
        const rows = await database.db
          .selectFrom('sessions')
          .selectAll()
          .where('account_id', '=', account.id)
          .execute();
        const visitorRows = await database.db
          .selectFrom('visitors')
          .selectAll()
          .where('account_id', '=', account.id)
          .execute();
        const comparable = rows
          .map(({ account_id: _account, website_id, ...rest }) => ({
            ...rest,
            website: seeded.websiteIds.indexOf(website_id),
          }))
          .sort((a, b) => a.id.localeCompare(b.id));
        return {
          seeded,
          comparable,
          visitors: visitorRows
            .map(({ account_id: _account, ...rest }) => rest)
            .sort((a, b) => a.id.localeCompare(b.id)),
        };
      };
      const viaKysely = await seedAndRead(handle);
      expect(viaKysely.seeded.sessions).toBe(1500);
      expect(viaKysely.comparable).toHaveLength(1500);
      expect(viaKysely.visitors).toHaveLength(viaKysely.seeded.visitors);

      const file = await freshDatabaseIn(fs.mkdtempSync(path.join(os.tmpdir(), 'seed-kysely-')));
      try {
        const viaFile = await seedAndRead(file);
        expect(viaKysely.comparable).toEqual(viaFile.comparable);
        expect(viaKysely.visitors).toEqual(viaFile.visitors);
      } finally {
        await file.close();
      }
    });
  },
);

async function freshDatabaseIn(directory: string): Promise<DatabaseHandle> {
  const handle = openDatabase(path.join(directory, 'file.db'));
  await migrateToLatest(handle.db);
  return handle;
}
