/**
 * The floor: the first page of GET /v1/sessions served by a bare node:http server that calls the
 * database driver directly with the same SQL and builds the same JSON. No framework, validation, auth
 * or Kysely: what is left is the cost of the queries and of the JSON, which the real server cannot beat.
 * Run as a child process by the bench with DATABASE_URL, PORT, HOST, PUBLIC_URL and BENCH_ACCOUNT_ID.
 */
import cluster from 'node:cluster';
import http from 'node:http';
import pg from 'pg';
import { openSqlite } from '../src/server/db/database.ts';
import type { SessionPageRow } from '../src/server/features/sessions/sessions.repository.ts';
import { toSessionResource } from '../src/server/features/sessions/sessions.service.ts';

type Row = SessionPageRow;

// The server's own queries: the total from the daily rollup, the page found on the index and then joined.
const COUNT_SQL = 'SELECT coalesce(sum(sessions), 0) AS total FROM session_daily_counts WHERE account_id = ?';
const PAGE_SQL = `SELECT s.*, v.name AS visitor_name, v.email AS visitor_email, v.email_hash AS visitor_email_hash,
    v.params AS visitor_params, v.first_session_timestamp AS visitor_first_session_timestamp,
    v.last_session_timestamp AS visitor_last_session_timestamp, v.session_count AS visitor_session_count,
    EXISTS (SELECT r.chunk_index FROM recording_chunks r WHERE r.account_id = s.account_id AND r.session_id = s.id)
      AS has_recording
  FROM sessions s JOIN visitors v ON v.account_id = s.account_id AND v.id = s.visitor_id
  WHERE s.account_id = ? AND s.id IN (
    SELECT id FROM sessions WHERE account_id = ? ORDER BY creation_timestamp DESC, id DESC LIMIT 25 OFFSET 0)
  ORDER BY s.creation_timestamp DESC, s.id DESC`;

const url = process.env.DATABASE_URL ?? '';
const accountId = process.env.BENCH_ACCOUNT_ID ?? '';
const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

/** Returns total and rows of the first page, with the driver the URL names. */
function openFirstPage(): () => Promise<{ total: number; rows: Row[] }> {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    pg.types.setTypeParser(pg.types.builtins.FLOAT4, (value) => Number.parseFloat(value));
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
    let index = 0;
    const numbered = (text: string) => {
      index = 0;
      return text.replace(/\?/g, () => `$${++index}`);
    };
    return async () => {
      const [count, page] = await Promise.all([
        pool.query<{ total: number }>(numbered(COUNT_SQL), [accountId]),
        pool.query<Row>(numbered(PAGE_SQL), [accountId, accountId]),
      ]);
      return { total: Number(count.rows[0]?.total ?? 0), rows: page.rows };
    };
  }
  // The server's own connection settings, so neither gets a better cache.
  const database = openSqlite(url.replace(/^sqlite:(\/\/)?/i, ''));
  const count = database.prepare<[string], { total: number }>(COUNT_SQL);
  const page = database.prepare<[string, string], Row>(PAGE_SQL);
  return async () => ({ total: count.get(accountId)?.total ?? 0, rows: page.all(accountId, accountId) });
}

// HTTP_WORKERS as the server reads it: the floor runs as many processes, so the two compare like for like.
const processes = Number(process.env.HTTP_WORKERS ?? 1);
if (processes > 1 && cluster.isPrimary) {
  for (let index = 0; index < processes; index += 1) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  });
} else {
  serve();
}

function serve(): void {
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
        const body = JSON.stringify({
          total,
          page: { num: 0, size: 25 },
          sessions: rows.map((row) => toSessionResource(row, publicUrl)),
        });
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
  // A worker whose primary is gone stops too.
  process.on('disconnect', () => process.exit(0));
}
