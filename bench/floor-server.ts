/**
 * The floor: the first page of GET /v1/sessions served by a bare node:http server that calls the
 * database driver directly with the same SQL and builds the same JSON. No framework, validation, auth
 * or Kysely: what is left is the cost of the queries and of the JSON, which the real server cannot beat.
 * Run as a child process by the bench with DATABASE_URL, PORT, HOST, PUBLIC_URL and BENCH_ACCOUNT_ID.
 */
import cluster from 'node:cluster';
import http from 'node:http';
import pg from 'pg';
import { hideValuesFromPlanner } from '../src/server/db/shaped-statements.ts';
import { openSqlite } from '../src/server/db/sqlite-file.ts';
import {
  type SessionJsonRow,
  sessionJson,
  sessionResourceSqlText,
} from '../src/server/features/sessions/session-resource-json.ts';

// The server's own queries: the total from the daily rollup, the page found on the index and then joined,
// each session written as JSON by the database. On PostgreSQL the server finds the page's keys first and
// then reads the rows by id, each of its three statements kept prepared; the floor does the same.
const COUNT_SQL = 'SELECT coalesce(sum(sessions), 0) AS total FROM session_daily_counts WHERE account_id = ?';
const KEYS_SQL =
  'SELECT id FROM sessions WHERE account_id = ? ORDER BY creation_timestamp DESC, id DESC LIMIT 25 OFFSET 0';
// The server's statement: the keys lead, and each row is read by its rowid in their order.
const SQLITE_PAGE_SQL = `SELECT sessions.id, sessions.website_id, ${sessionResourceSqlText(false)} AS resource
  FROM (SELECT rowid AS place, creation_timestamp AS ordered, id AS tie FROM sessions WHERE account_id = ?
    ORDER BY creation_timestamp DESC, id DESC LIMIT 25 OFFSET 0) AS page_keys
  CROSS JOIN sessions JOIN visitors ON visitors.account_id = sessions.account_id AND visitors.id = sessions.visitor_id
  WHERE sessions.rowid = page_keys.place
  ORDER BY page_keys.ordered DESC, page_keys.tie DESC`;
const ROWS_BY_ID_SQL = `SELECT sessions.id, sessions.website_id, ${sessionResourceSqlText(true)} AS resource
  FROM sessions JOIN visitors ON visitors.account_id = sessions.account_id AND visitors.id = sessions.visitor_id
  WHERE sessions.account_id = $1 AND sessions.id = any($2::text[])`;

const url = process.env.DATABASE_URL ?? '';
const accountId = process.env.BENCH_ACCOUNT_ID ?? '';
const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

/** Returns total and rows of the first page, with the driver the URL names. */
function openFirstPage(): () => Promise<{ total: number; rows: SessionJsonRow[] }> {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    pg.types.setTypeParser(pg.types.builtins.FLOAT4, (value) => Number.parseFloat(value));
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
    let index = 0;
    const numbered = (text: string) => {
      index = 0;
      return text.replace(/\?/g, () => `$${++index}`);
    };
    const [countText, keysText] = [numbered(COUNT_SQL), numbered(KEYS_SQL)];
    const page = async () => {
      const keys = await pool.query<{ id: string }>({ name: 'floor_keys', text: keysText, values: [accountId] });
      const ids = keys.rows.map((row) => row.id);
      const { rows } = await pool.query<SessionJsonRow>({
        name: 'floor_rows_by_id',
        text: ROWS_BY_ID_SQL,
        values: [accountId, ids],
      });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    };
    return async () => {
      const [count, rows] = await Promise.all([
        pool.query<{ total: number }>({ name: 'floor_count', text: countText, values: [accountId] }),
        page(),
      ]);
      return { total: Number(count.rows[0]?.total ?? 0), rows };
    };
  }
  // The server's own connection settings, so neither gets a better cache; its statements' values are
  // hidden from SQLite's planner as the server's are, so neither is prepared again at each run.
  const database = openSqlite(url.replace(/^sqlite:(\/\/)?/i, ''));
  const count = database.prepare<[string], { total: number }>(hideValuesFromPlanner(COUNT_SQL));
  const page = database.prepare<[string], SessionJsonRow>(hideValuesFromPlanner(SQLITE_PAGE_SQL));
  return async () => ({ total: count.get(accountId)?.total ?? 0, rows: page.all(accountId) });
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
        const sessions = rows.map((row) => sessionJson(row, publicUrl)).join(',');
        const body = `{"total":${total},"page":{"num":0,"size":25},"sessions":[${sessions}]}`;
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
