/** What seedSessions writes: how many rows, on which websites, and sessions and visitors that hold together. */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SessionsTable } from '../features/sessions/sessions.table.ts';
import { DAYS, NOW_SECONDS, SESSIONS, seededOnSqlite } from './seed-sessions-fixtures.ts';

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
  const acme = seededOnSqlite();

  it('writes exactly the sessions asked for, and the visitors it reports', () => {
    const { result, sessions, visitors } = acme();
    expect(result.sessions).toBe(SESSIONS);
    expect(sessions).toHaveLength(SESSIONS);
    expect(visitors).toHaveLength(result.visitors);
    expect(new Set(sessions.map((session) => session.visitor_id)).size).toBe(result.visitors);
  });

  it('writes sessions in order of start time, each id sorting as its start does, as live traffic arrives', async () => {
    const { handle, accountId } = acme();
    const written = await sql<{ id: string; creation_timestamp: number }>`
      select id, creation_timestamp from sessions where account_id = ${accountId} order by rowid`.execute(handle.db);
    expect(written.rows).toHaveLength(SESSIONS);
    const outOfOrder = written.rows.filter((row, index) => {
      const previous = written.rows[index - 1];
      return previous !== undefined && (row.creation_timestamp < previous.creation_timestamp || row.id <= previous.id);
    });
    expect(outOfOrder).toEqual([]);
  });

  it('creates three websites and records sessions only on websites of the account', async () => {
    const { handle, accountId, otherWebsiteId, result, sessions } = acme();
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
    const { sessions, visitors } = acme();
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
    const { sessions } = acme();
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
    const { visitors } = acme();
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
    const { sessions } = acme();
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
    const { sessions } = acme();
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
});
