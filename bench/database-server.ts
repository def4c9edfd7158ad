import pg from 'pg';
import { isPostgresUrl } from '../src/server/config.ts';

/**
 * Waits until no statement but this one runs in the bench's PostgreSQL database, twice running, or
 * `timeoutMs` passes. A scenario whose requests outlast the load leaves their statements running in
 * PostgreSQL's own processes after the server has answered or dropped them; a short list answers
 * promptly beside them, so only the database can tell when they are done. SQLite runs its statements
 * in the server's process, where waiting for a prompt answer already covers them.
 */
export async function waitForIdleDatabase(url: string, timeoutMs = 120_000): Promise<void> {
  if (!isPostgresUrl(url)) return;
  await withClient(url, async (client) => {
    const deadline = Date.now() + timeoutMs;
    let idle = 0;
    while (idle < 2 && Date.now() < deadline) {
      const { rows } = await client.query<{ busy: string }>(
        `select count(*) as busy from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      idle = Number(rows[0]?.busy ?? 0) === 0 ? idle + 1 : 0;
      if (idle < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}

/**
 * The PostgreSQL server's version and the settings that decide how much of a large database it reads
 * from its own cache, for the bench's heading: figures at ten million sessions depend on them. Empty
 * for SQLite.
 */
export async function describeDatabaseServer(url: string): Promise<string> {
  if (!isPostgresUrl(url)) return '';
  const names = ['server_version', 'shared_buffers', 'effective_cache_size', 'work_mem'];
  const { rows } = await withClient(url, (client) =>
    client.query<{ name: string; setting: string }>(
      `select name, current_setting(name) as setting from pg_settings
        where name = any($1::text[]) order by array_position($1::text[], name)`,
      [names],
    ),
  );
  return rows
    .map((row) => (row.name === 'server_version' ? `PostgreSQL ${row.setting}` : `${row.name} ${row.setting}`))
    .join(', ');
}

/** Runs `work` on a connection of its own to the bench's database, closed afterwards. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
