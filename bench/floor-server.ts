/**
 * The floor: the first page of GET /v1/sessions served by a bare node:http server that calls the
 * database driver directly with the same SQL and builds the same JSON. No framework, validation, auth
 * or Kysely: what is left is the cost of the queries and of the JSON, which the real server cannot beat.
 * Run as a child process by the bench with DATABASE_URL, PORT, HOST, PUBLIC_URL and BENCH_ACCOUNT_ID.
 */
import http from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';

type Row = Record<string, unknown> & {
  id: string;
  tags: string;
  params: string;
  seen: number;
  visitor_first_session: number;
  resolution_width: number;
  resolution_height: number;
};

const COUNT_SQL = 'SELECT count(*) AS total FROM sessions WHERE account_id = ?';
const pageSql = (
  join: string,
) => `SELECT s.*, v.name AS visitor_name, v.email, v.email_hash, v.params, v.first_session_timestamp, v.last_session_timestamp
  FROM sessions s ${join} visitors v ON v.account_id = s.account_id AND v.id = s.visitor_id
  WHERE s.account_id = ? ORDER BY s.creation_timestamp DESC, s.id DESC LIMIT 25 OFFSET 0`;

const url = process.env.DATABASE_URL ?? '';
const accountId = process.env.BENCH_ACCOUNT_ID ?? '';
const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

function toSession(row: Row) {
  return {
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
    visitor: {
      id: row.visitor_id,
      ip: row.ip,
      geolocation: { country_code: row.country_code, city: row.city, region: row.region },
      name: row.visitor_name,
      email: row.email,
      email_hash: row.email_hash,
      params: JSON.parse(row.params) as { name: string; value: string }[],
      last_session_timestamp: row.last_session_timestamp,
      first_session_timestamp: row.first_session_timestamp,
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
  };
}

/** Returns total and rows of the first page, with the driver the URL names. */
function openFirstPage(): () => Promise<{ total: number; rows: Row[] }> {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    pg.types.setTypeParser(pg.types.builtins.FLOAT4, (value) => Number.parseFloat(value));
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
    const numbered = (text: string) => text.replace('?', '$1');
    return async () => {
      const [count, page] = await Promise.all([
        pool.query<{ total: number }>(numbered(COUNT_SQL), [accountId]),
        pool.query<Row>(numbered(pageSql('JOIN')), [accountId]),
      ]);
      return { total: Number(count.rows[0]?.total ?? 0), rows: page.rows };
    };
  }
  // The same connection settings as the server's (src/server/db/database.ts), so neither gets a better cache.
  const database = new SQLite(url.replace(/^sqlite:(\/\/)?/i, ''), { fileMustExist: true });
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('cache_size = -65536');
  database.pragma('mmap_size = 268435456');
  const count = database.prepare<[string], { total: number }>(COUNT_SQL);
  // With ANALYZE statistics SQLite prefers to scan visitors and sort every match, ignoring the LIMIT (tens of
  // ms at 50k sessions, seconds at 1M). CROSS JOIN is SQLite's way to pin the join order: walk the
  // sessions index newest first, stop after 25 rows. Same rows, the plan the floor is meant to have.
  const page = database.prepare<[string], Row>(pageSql('CROSS JOIN'));
  return async () => ({ total: count.get(accountId)?.total ?? 0, rows: page.all(accountId) });
}

const firstPage = openFirstPage();

const server = http.createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0];
  if (path === '/readyz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  if (request.method !== 'GET' || path !== '/v1/sessions') {
    response.writeHead(404).end();
    return;
  }
  firstPage().then(
    ({ total, rows }) => {
      const body = JSON.stringify({ total, page: { num: 0, size: 25 }, sessions: rows.map(toSession) });
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    },
    (error: unknown) => {
      response.writeHead(500).end(String(error));
    },
  );
});

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
