import { type Kysely, sql } from 'kysely';

// Indexes for sorting and filtering the sessions list. Each sort key has an index ending in id, so a
// first page in any order is a short index scan. Each selective filter has one ending in the default
// order (creation_timestamp, id), so its page and its exact count read only matching entries; the
// "has ..." filters are partial indexes holding only the sessions that have one. Visitors get an index
// on the lower-cased name for the people search's prefix match (the e-mail one exists already).
const SORT_COLUMNS = ['duration', 'active_time', 'engagement_score', 'page_views', 'error_logs', 'rage_clicks'];
const FILTER_COLUMNS = [
  'device',
  'browser_name',
  'os_name',
  'country_code',
  'utm_source',
  'utm_medium',
  'utm_campaign',
];
const PRESENT_COUNTS = ['error_logs', 'rage_clicks', 'error_clicks'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of SORT_COLUMNS) {
    await db.schema
      .createIndex(`sessions_sort_${column}_idx`)
      .on('sessions')
      .columns(['account_id', column, 'id'])
      .execute();
  }
  for (const column of FILTER_COLUMNS) {
    await db.schema
      .createIndex(`sessions_filter_${column}_idx`)
      .on('sessions')
      .columns(['account_id', column, 'creation_timestamp', 'id'])
      .execute();
  }
  for (const column of PRESENT_COUNTS) {
    await db.schema
      .createIndex(`sessions_with_${column}_idx`)
      .on('sessions')
      .columns(['account_id', 'creation_timestamp', 'id'])
      .where(sql.ref(column), '>', 0)
      .execute();
  }
  await db.schema
    .createIndex('sessions_unseen_idx')
    .on('sessions')
    .columns(['account_id', 'creation_timestamp', 'id'])
    .where(sql.ref('seen'), '=', 0)
    .execute();
  await db.schema
    .createIndex('visitors_name_lower_idx')
    .on('visitors')
    .expression(sql`account_id, lower(name)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const names = [
    ...SORT_COLUMNS.map((column) => `sessions_sort_${column}_idx`),
    ...FILTER_COLUMNS.map((column) => `sessions_filter_${column}_idx`),
    ...PRESENT_COUNTS.map((column) => `sessions_with_${column}_idx`),
    'sessions_unseen_idx',
    'visitors_name_lower_idx',
  ];
  for (const name of names) await db.schema.dropIndex(name).execute();
}
