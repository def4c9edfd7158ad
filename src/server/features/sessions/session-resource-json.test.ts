import { describe, expect, it } from 'vitest';
import type { SessionListResource, SessionResource } from '../../../api/schemas/sessions.ts';
import { type Db, isPostgres } from '../../db/database.ts';
import { describeApi } from '../../test/harness.ts';
import { sessionJson } from './session-resource-json.ts';
import { insertSession, insertVisitor, keptAndWrittenResources } from '../../test/session-fixtures.ts';

// Text JSON must escape, or that databases store byte by byte: quotes, backslashes, control characters,
// line separators, accents, a character outside the basic plane, markup and SQL's own quote and operators.
const AWKWARD = [
  '"',
  '\\',
  '\u0001',
  '\u001f',
  '\u007f',
  '\n',
  '\t',
  '\u2028',
  'é',
  'Ж',
  '😀',
  '</script>',
  "'",
  '||',
  '%',
];

/** A small generator with a seed, so that a failure can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function awkwardText(next: () => number): string {
  let text = '';
  const length = Math.floor(next() * 6);
  for (let index = 0; index < length; index += 1)
    text +=
      next() < 0.5
        ? (AWKWARD[Math.floor(next() * AWKWARD.length)] ?? '')
        : String.fromCharCode(97 + Math.floor(next() * 26));
  return text;
}

/**
 * The resource as the API document defines it, from the stored row read column by column: the reference
 * the database's own JSON is checked against.
 */
async function expectedSessions(db: Db, accountId: string, publicUrl: string): Promise<SessionResource[]> {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('visitors', (join) =>
      join.onRef('visitors.account_id', '=', 'sessions.account_id').onRef('visitors.id', '=', 'sessions.visitor_id'),
    )
    .selectAll('sessions')
    .select(['visitors.name', 'visitors.email', 'visitors.email_hash', 'visitors.params'])
    .select(['visitors.first_session_timestamp', 'visitors.last_session_timestamp', 'visitors.session_count'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('recording_chunks')
            .select('recording_chunks.chunk_index')
            .whereRef('recording_chunks.account_id', '=', 'sessions.account_id')
            .whereRef('recording_chunks.session_id', '=', 'sessions.id'),
        )
        .as('has_recording'),
    )
    .where('sessions.account_id', '=', accountId)
    .orderBy('sessions.creation_timestamp', 'desc')
    .orderBy('sessions.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    website_id: row.website_id,
    session_url: `${publicUrl}/sessions/${encodeURIComponent(row.id)}`,
    creation_timestamp: row.creation_timestamp,
    duration: row.duration,
    end_timestamp: row.end_timestamp,
    active_time: row.active_time,
    end_url: row.end_url,
    expiration_timestamp: row.expiration_timestamp,
    last_event_timestamp: row.last_event_timestamp,
    product: row.product,
    device: row.device,
    tags: JSON.parse(row.tags) as string[],
    last_seen_page_view_id: row.last_seen_page_view_id,
    seen: row.seen === 1,
    referrer: row.referrer,
    start_url: row.start_url,
    visitor_first_session: row.visitor_first_session === 1,
    engagment_score: row.engagement_score,
    has_recording: Boolean(row.has_recording),
    visitor: {
      id: row.visitor_id,
      ip: row.ip,
      geolocation: { country_code: row.country_code, city: row.city, region: row.region },
      name: row.name ?? '',
      email: row.email ?? '',
      email_hash: row.email_hash ?? '',
      params: JSON.parse(row.params) as { name: string; value: string }[],
      last_session_timestamp: row.last_session_timestamp,
      first_session_timestamp: row.first_session_timestamp,
      sessions_statistics: { count: Number(row.session_count) },
    },
    resolution: {
      height: row.resolution_height,
      width: row.resolution_width,
      resolution: `${row.resolution_width}x${row.resolution_height}`,
    },
    os: { name: row.os_name, version: row.os_version },
    browser: { description: row.browser_description, name: row.browser_name, version: row.browser_version },
    utm: {
      source: row.utm_source,
      medium: row.utm_medium,
      campaign: row.utm_campaign,
      term: row.utm_term,
      content: row.utm_content,
    },
    page_views_statistics: { count: row.page_views },
    events_statistics: {
      clicks: row.clicks,
      error_clicks: row.error_clicks,
      rage_clicks: row.rage_clicks,
      error_logs: row.error_logs,
      net_errors: row.net_errors,
    },
  }));
}

describeApi('Sessions written as JSON by the database', (ctx) => {
  const db = () => ctx().database.db;

  it('equal the resource built from their stored values, whatever the text and numbers', async () => {
    const account = await ctx().newAccount();
    const next = random(20_261_128);
    for (let index = 0; index < 40; index += 1) {
      const identified = index % 3 !== 0;
      const visitor = await insertVisitor(db(), account.accountId, {
        ...(identified ? { name: awkwardText(next), email: `${awkwardText(next)}@example.com` } : {}),
        params: index % 2 === 0 ? [] : [{ name: awkwardText(next), value: awkwardText(next) }],
      });
      const creation = 1_700_000_000 + Math.floor(next() * 50_000_000);
      await insertSession(db(), account.accountId, account.websiteId, visitor.id, {
        creation_timestamp: creation,
        duration: Math.floor(next() * 100_000),
        active_time: Math.floor(next() * 1_000),
        start_url: `https://shop.example.com/${awkwardText(next)}`,
        end_url: awkwardText(next),
        referrer: awkwardText(next),
        product: awkwardText(next),
        city: awkwardText(next),
        region: awkwardText(next),
        browser_description: awkwardText(next),
        utm_term: awkwardText(next),
        tags: index % 4 === 0 ? [] : [awkwardText(next), awkwardText(next)],
        // Scores as single precision holds them, so both databases store the same number.
        engagement_score: Math.fround(next() * 100),
        seen: index % 2,
        visitor_first_session: index % 5 === 0 ? 1 : 0,
        resolution_width: Math.floor(next() * 4_000),
        clicks: Math.floor(next() * 10_000),
      });
    }
    const [first] = await db()
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', account.accountId)
      .limit(1)
      .execute();
    await db()
      .insertInto('recording_chunks')
      .values({
        account_id: account.accountId,
        session_id: first?.id ?? '',
        chunk_index: 0,
        website_id: account.websiteId,
        data: Buffer.from('[]'),
        compressed_bytes: 2,
        raw_bytes: 2,
        first_event_at: 1_700_000_000_000,
        last_event_at: 1_700_000_001_000,
        received_at: 1_700_000_001_000,
        clock_offset_ms: 0,
        expires_at: 4_000_000_000,
      })
      .execute();

    const expected = await expectedSessions(db(), account.accountId, ctx().config.PUBLIC_URL);
    expect(expected.filter((session) => session.has_recording)).toHaveLength(1);
    const response = await ctx().request(account.token, { method: 'GET', url: '/v1/sessions?size=100' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json<SessionListResource>();
    expect(body.total).toBe(40);
    expect(body.sessions).toEqual(expected);
    // Key for key in the resource's order, as the schema lists them.
    expect(Object.keys(body.sessions[0] ?? {})).toEqual(Object.keys(expected[0] ?? {}));

    for (const session of expected.slice(0, 5)) {
      const one = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions/${session.id}` });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(session);
    }
  });

  it('show what an update changed at once, the text PostgreSQL keeps included', async () => {
    const account = await ctx().newAccount();
    const next = random(20_261_202);
    for (let index = 0; index < 12; index += 1) {
      const visitor = await insertVisitor(db(), account.accountId, { name: awkwardText(next) });
      await insertSession(db(), account.accountId, account.websiteId, visitor.id, {
        creation_timestamp: 1_700_000_000 + index * 60,
        end_url: awkwardText(next),
        tags: [awkwardText(next)],
        city: awkwardText(next),
      });
    }
    const list = async () => {
      const response = await ctx().request(account.token, { method: 'GET', url: '/v1/sessions?size=100' });
      expect(response.statusCode).toBe(200);
      return response.json<SessionListResource>().sessions;
    };
    expect(await list()).toEqual(await expectedSessions(db(), account.accountId, ctx().config.PUBLIC_URL));

    // Every column the kept text is written from, changed as ingest and the dashboard change them.
    const changed = {
      end_url: `https://shop.example.com/${awkwardText(next)}"\\`,
      tags: JSON.stringify(['vip', awkwardText(next)]),
      seen: 1,
      clicks: 77,
      city: `Zürich ${awkwardText(next)}`,
      utm_content: '\u0001\n',
      engagement_score: Math.fround(12.75),
      resolution_width: 1_366,
    };
    await db().updateTable('sessions').set(changed).where('account_id', '=', account.accountId).execute();
    const after = await list();
    expect(after).toEqual(await expectedSessions(db(), account.accountId, ctx().config.PUBLIC_URL));
    expect(after.every((session) => session.seen && session.events_statistics.clicks === 77)).toBe(true);
    expect(after.map((session) => session.visitor.geolocation.city)).toEqual(after.map(() => changed.city));

    if (isPostgres(db())) {
      // The kept runs, joined with the values read elsewhere, are the very text written anew from the row.
      const rows = await keptAndWrittenResources(db(), account.accountId);
      expect(rows).toHaveLength(12);
      for (const row of rows) expect(row.kept).toBe(row.written);
    }
  });
});

const rest = Buffer.from('{"duration":5}');

describe("A session's leading fields", () => {
  it.each([
    ['s_0tnprg400ap12rxonrw2', 'web_0mx26ib7d0010yhq8rpzfbve'],
    ['plain-id.with~marks', 'web_1'],
    ['quote"and\\slash', 'web "quoted"'],
    ['space and/slash?query#hash', 'web_2'],
    ['été 東京 \u2028', 'web_ü'],
    ['', ''],
  ])('writes id %j and website %j as JSON, with the session link escaped for a URL', (id, websiteId) => {
    for (const publicUrl of ['https://analytics.example.com', 'https://example.com/a "b"']) {
      const parsed = JSON.parse(sessionJson({ id, website_id: websiteId, resource: rest }, publicUrl)) as unknown;
      expect(parsed).toEqual({
        id,
        website_id: websiteId,
        session_url: `${publicUrl}/sessions/${encodeURIComponent(id)}`,
        duration: 5,
      });
    }
  });
});
