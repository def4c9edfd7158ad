import { type RawBuilder, sql } from 'kysely';

/**
 * The Session resource, written as JSON by the database itself from a row of `sessions` joined to its
 * visitor. A page of 100 sessions is 5,100 values: reading them into JavaScript objects, mapping them to
 * the resource and serializing 150 KB of it again cost more than the query that finds them. The database
 * writes each row's JSON in one pass instead, and the server joins the rows' text (`sessionJson`).
 *
 * `id`, `website_id` and `session_url` lead each object and are written by `sessionJson`, which alone
 * knows the public URL; this describes every other field, in the resource's order.
 */
type Field =
  /** A number or text column (or expression) as it is. */
  | { value: string }
  /** A whole-number column, whose text is already its JSON. */
  | { integer: string }
  /** A condition, written as true or false. */
  | { condition: string }
  /** A column holding JSON text, embedded as JSON. */
  | { json: string }
  | { object: Fields };

interface Fields {
  readonly [key: string]: Field;
}

const value = (expression: string): Field => ({ value: expression });
const integer = (column: string): Field => ({ integer: column });
const condition = (expression: string): Field => ({ condition: expression });
/** A visitor's text the visitor may not have given: empty rather than null, as the hosted service's clients read it. */
const text = (column: string): Field => value(`coalesce(${column}, '')`);

const RESOURCE_FIELDS: Fields = {
  creation_timestamp: integer('sessions.creation_timestamp'),
  duration: integer('sessions.duration'),
  end_timestamp: integer('sessions.end_timestamp'),
  active_time: integer('sessions.active_time'),
  end_url: value('sessions.end_url'),
  expiration_timestamp: integer('sessions.expiration_timestamp'),
  last_event_timestamp: integer('sessions.last_event_timestamp'),
  product: value('sessions.product'),
  device: value('sessions.device'),
  tags: { json: 'sessions.tags' },
  last_seen_page_view_id: value('sessions.last_seen_page_view_id'),
  seen: condition('sessions.seen = 1'),
  referrer: value('sessions.referrer'),
  start_url: value('sessions.start_url'),
  visitor_first_session: condition('sessions.visitor_first_session = 1'),
  engagment_score: value('sessions.engagement_score'),
  has_recording: condition(
    `exists (select 1 from recording_chunks
      where recording_chunks.account_id = sessions.account_id and recording_chunks.session_id = sessions.id)`,
  ),
  visitor: {
    object: {
      id: value('sessions.visitor_id'),
      ip: value('sessions.ip'),
      geolocation: {
        object: {
          country_code: value('sessions.country_code'),
          city: value('sessions.city'),
          region: value('sessions.region'),
        },
      },
      name: text('visitors.name'),
      email: text('visitors.email'),
      email_hash: text('visitors.email_hash'),
      params: { json: 'visitors.params' },
      last_session_timestamp: integer('visitors.last_session_timestamp'),
      first_session_timestamp: integer('visitors.first_session_timestamp'),
      sessions_statistics: { object: { count: integer('visitors.session_count') } },
    },
  },
  resolution: {
    object: {
      height: integer('sessions.resolution_height'),
      width: integer('sessions.resolution_width'),
      resolution: value(`sessions.resolution_width || 'x' || sessions.resolution_height`),
    },
  },
  os: { object: { name: value('sessions.os_name'), version: value('sessions.os_version') } },
  browser: {
    object: {
      description: value('sessions.browser_description'),
      name: value('sessions.browser_name'),
      version: value('sessions.browser_version'),
    },
  },
  utm: {
    object: {
      source: value('sessions.utm_source'),
      medium: value('sessions.utm_medium'),
      campaign: value('sessions.utm_campaign'),
      term: value('sessions.utm_term'),
      content: value('sessions.utm_content'),
    },
  },
  page_views_statistics: { object: { count: integer('sessions.page_views') } },
  events_statistics: {
    object: {
      clicks: integer('sessions.clicks'),
      error_clicks: integer('sessions.error_clicks'),
      rage_clicks: integer('sessions.rage_clicks'),
      error_logs: integer('sessions.error_logs'),
      net_errors: integer('sessions.net_errors'),
    },
  },
};

/**
 * SQLite writes objects with `json_object`, whose text and numbers read back as the values themselves
 * (whole reals come as `5.0`, which JSON reads as 5). PostgreSQL's `json_build_object` cost 25 µs a session
 * and writes " : " between keys and values: there the object is joined as text, each value written by
 * `to_json` (escaped text, numbers as their shortest form) or, for whole numbers, by their own text, in
 * about half the time.
 */
function objectSql(fields: Fields, postgres: boolean): string {
  const entries = Object.entries(fields);
  if (!postgres)
    return `json_object(${entries.map(([key, field]) => `'${key}', ${fieldSql(field, false)}`).join(', ')})`;
  const parts = entries.map(
    ([key, field], index) => `'${index === 0 ? '{' : ','}"${key}":' || ${fieldSql(field, true)}`,
  );
  return `(${parts.join(' || ')} || '}')`;
}

function fieldSql(field: Field, postgres: boolean): string {
  if ('object' in field) return objectSql(field.object, postgres);
  // PostgreSQL's json keeps the text it checked as it was written.
  if ('json' in field) return postgres ? `(${field.json})::json::text` : `json(${field.json})`;
  if ('condition' in field)
    return `case when ${field.condition} then ${postgres ? `'true' else 'false'` : `json('true') else json('false')`} end`;
  // A null would make the whole joined text null. A whole number's text needs no `to_json`, which costs
  // about a tenth of the statement over these seventeen columns.
  if ('integer' in field) return postgres ? `coalesce((${field.integer})::text, 'null')` : field.integer;
  return postgres ? `coalesce(to_json(${field.value})::text, 'null')` : field.value;
}

/**
 * PostgreSQL's object as a sequence of pieces: literal text (keys, braces, commas) and the expressions of
 * values, each marked by whether it reads only the session's own columns.
 */
type Piece = { literal: string } | { expression: string; sessionOnly: boolean };

function objectPieces(fields: Fields): Piece[] {
  return [
    ...Object.entries(fields).flatMap(([key, field], index): Piece[] => {
      const name: Piece = { literal: `${index === 0 ? '{' : ','}"${key}":` };
      if ('object' in field) return [name, ...objectPieces(field.object)];
      const expression = fieldSql(field, true);
      const tables = [...expression.matchAll(/\b([a-z_]+)\.[a-z_]+/g)].map((match) => match[1]);
      return [name, { expression, sessionOnly: tables.every((table) => table === 'sessions') }];
    }),
    { literal: '}' },
  ];
}

const quotedLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Joins pieces as one SQL text expression, neighbouring literals as one. */
function joinedSql(pieces: readonly Piece[]): string {
  const parts: string[] = [];
  let literal = '';
  for (const piece of pieces) {
    if ('literal' in piece) {
      literal += piece.literal;
      continue;
    }
    if (literal !== '') parts.push(quotedLiteral(literal));
    literal = '';
    parts.push(piece.expression);
  }
  if (literal !== '') parts.push(quotedLiteral(literal));
  return parts.join(' || ');
}

/**
 * The columns of `sessions` on PostgreSQL that hold the resource's text between the values read from
 * elsewhere (its recording, its visitor), in order: generated from the session's own columns as each row
 * is written (migration `2026-12-02T0900-session-resource-text`), so a page only joins them.
 */
export const STORED_RESOURCE_COLUMNS = ['resource_head', 'resource_visitor', 'resource_tail'] as const;

/**
 * The runs of pieces between values read from other tables: each run that holds a session's value is
 * what one stored column keeps.
 */
function postgresRuns(): { stored: string[]; read: string } {
  let run: Piece[] = [];
  const read: string[] = [];
  const stored: string[] = [];
  const closeRun = () => {
    if (run.some((piece) => 'expression' in piece)) {
      const column = STORED_RESOURCE_COLUMNS[stored.length];
      if (column === undefined) throw new Error('The Session resource has more stored runs than columns');
      stored.push(joinedSql(run));
      read.push(`sessions.${column}`);
    } else if (run.length > 0) read.push(joinedSql(run));
    run = [];
  };
  for (const piece of objectPieces(RESOURCE_FIELDS)) {
    if ('expression' in piece && !piece.sessionOnly) {
      closeRun();
      read.push(piece.expression);
    } else run.push(piece);
  }
  closeRun();
  if (stored.length !== STORED_RESOURCE_COLUMNS.length)
    throw new Error('The Session resource has fewer stored runs than columns');
  return { stored, read: `(${read.join(' || ')})` };
}

const runs = postgresRuns();

const resourceSql = { sqlite: objectSql(RESOURCE_FIELDS, false), postgres: runs.read };

/**
 * The SQL expression, over `sessions` joined to `visitors`, of the resource's JSON text after its first
 * fields. PostgreSQL's joins the stored runs (`STORED_RESOURCE_COLUMNS`) with the values read elsewhere:
 * writing a page of 100 sessions' JSON anew cost it about 0.9 ms of the 1.3 ms that read them.
 */
export function sessionResourceSqlText(postgres: boolean): string {
  return postgres ? resourceSql.postgres : resourceSql.sqlite;
}

/** PostgreSQL: the whole expression written from the columns, as the stored runs must equal. */
export function sessionResourceWrittenSqlText(): string {
  return objectSql(RESOURCE_FIELDS, true);
}

/** PostgreSQL: each stored column's expression over the session's own columns, in order. */
export function storedResourceSqlTexts(): readonly string[] {
  return runs.stored;
}

/** `sessionResourceSqlText` for a Kysely query. */
export function sessionResourceSql(postgres: boolean): RawBuilder<string> {
  return sql.raw<string>(sessionResourceSqlText(postgres));
}

/**
 * A session as the database wrote it (`sessionResourceSql` as `resource`), with its leading fields. SQLite
 * hands the text over as its UTF-8 bytes: a page of 100 is then 100 blocks outside the JavaScript heap
 * rather than 100 strings of about 1.5 KB, which young-generation collections copied while the page was
 * written (a page of 100 cost 8–25% less CPU so).
 */
export interface SessionJsonRow {
  id: string;
  website_id: string;
  resource: string | Uint8Array;
}

/**
 * Text that JSON and a URL's path both write as it is: the ids this service gives. JSON.stringify and
 * encodeURIComponent cost about a microsecond a call, three calls a session: a tenth of the server
 * thread's work for a page of 100.
 */
const PLAIN_TEXT = /^[\w.~-]*$/;

const quoted = (text: string) => (PLAIN_TEXT.test(text) ? `"${text}"` : JSON.stringify(text));

/** The JSON string of the public URL's sessions' address, without its closing quote, for the last URL asked. */
let sessionsUrl: { publicUrl: string; json: string } | null = null;

/** One Session resource's JSON text in two pieces: its leading fields, then the database's text after its "{". */
export function sessionJsonPieces(row: SessionJsonRow, publicUrl: string): [string, string | Uint8Array] {
  if (sessionsUrl?.publicUrl !== publicUrl)
    sessionsUrl = { publicUrl, json: JSON.stringify(`${publicUrl}/sessions/`).slice(0, -1) };
  const plainId = PLAIN_TEXT.test(row.id);
  const id = plainId ? `"${row.id}"` : JSON.stringify(row.id);
  const sessionUrl = plainId
    ? `${sessionsUrl.json}${row.id}"`
    : JSON.stringify(`${publicUrl}/sessions/${encodeURIComponent(row.id)}`);
  const leading = `{"id":${id},"website_id":${quoted(row.website_id)},"session_url":${sessionUrl},`;
  // The database's object is never empty: it opens with "{" and its first field.
  return [leading, typeof row.resource === 'string' ? row.resource.slice(1) : row.resource.subarray(1)];
}

/** One Session resource's JSON text. */
export function sessionJson(row: SessionJsonRow, publicUrl: string): string {
  const [leading, rest] = sessionJsonPieces(row, publicUrl);
  if (typeof rest === 'string') return leading + rest;
  return leading + Buffer.from(rest.buffer, rest.byteOffset, rest.byteLength).toString('utf8');
}
