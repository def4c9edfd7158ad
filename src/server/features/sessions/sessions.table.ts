import type { Generated } from 'kysely';

export interface VisitorsTable {
  account_id: string;
  id: string;
  name: string | null;
  /** The name as the people search compares it (lib/name-key.ts): no accents, lower case. */
  name_key: string | null;
  /** `name_key` after its first word, so a surname finds the person too. */
  name_tail_key: string | null;
  /** The last word of `name_key` when the name has three words or more, so the last surname finds the person. */
  name_last_key: string | null;
  /** `name_key` from its third word on when the name has four words or more, so a middle word finds the person. */
  name_third_key: string | null;
  email: string | null;
  /** Trimmed, lower-cased e-mail: the key of the e-mail filter. */
  email_lower: string | null;
  email_hash: string | null;
  /** JSON array of {name, value}. */
  params: string;
  first_session_timestamp: number;
  last_session_timestamp: number;
}

/**
 * A key of a visitor's name that its own key columns leave out (`nameWordKeys`): from one of its middle words
 * on, for names of five words or more, or from one of its words on as the name is also typed: a run of
 * particles joined to the next word ("anna devries", "devries" of "anna de vries"), apostrophes as spaces,
 * dashes left out. Written with the name.
 */
export interface VisitorNameWordsTable {
  account_id: string;
  word_key: string;
  visitor_id: string;
}

/** Columns of a visitor that the database keeps itself: triggers on sessions count them. */
export interface VisitorCountersColumns {
  session_count: Generated<number>;
}

export interface SessionsTable {
  account_id: string;
  id: string;
  website_id: string;
  visitor_id: string;
  creation_timestamp: number;
  duration: number;
  end_timestamp: number;
  active_time: number;
  start_url: string;
  end_url: string;
  expiration_timestamp: number;
  last_event_timestamp: number;
  product: string;
  device: string;
  /** JSON array of strings. */
  tags: string;
  last_seen_page_view_id: string;
  seen: number;
  referrer: string;
  visitor_first_session: number;
  engagement_score: number;
  ip: string;
  country_code: string;
  region: string;
  city: string;
  resolution_width: number;
  resolution_height: number;
  os_name: string;
  os_version: string;
  browser_description: string;
  browser_name: string;
  browser_version: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_term: string;
  utm_content: string;
  page_views: number;
  clicks: number;
  error_clicks: number;
  rage_clicks: number;
  error_logs: number;
  net_errors: number;
}

/** Sessions per account, website and hour (Unix seconds at the hour's start); kept by database triggers. */
export interface SessionHourlyCountsTable {
  account_id: string;
  website_id: string;
  hour: number;
  sessions: number;
}

/** One distinct lower-cased URL of a session (start, end or a page view) and how many of those name it. */
export interface SessionPagesTable {
  account_id: string;
  session_id: string;
  url: string;
  creation_timestamp: number;
  website_id: string;
  refs: number;
}

/** A distinct URL, start URL or referrer of an account (facet `url`, `start_url` or `referrer`). */
export interface SessionTextValuesTable {
  account_id: string;
  facet: string;
  value: string;
}

/** How many rows of session_text_values each account's facet holds (migration 2026-11-27T1400). */
export interface SessionTextValueCountsTable {
  account_id: string;
  facet: string;
  value_count: number | string;
}

/**
 * Sessions per account, facet value, hour and website; kept by database triggers. A yes/no facet keeps
 * only its "yes" sessions, with value '1'.
 */
export interface SessionHourlyFacetsTable {
  account_id: string;
  facet: string;
  value: string;
  hour: number;
  website_id: string;
  sessions: number;
}

/** Sessions per account, website and UTC day (Unix seconds at midnight): session_hourly_counts summed by day. */
export interface SessionDailyCountsTable {
  account_id: string;
  website_id: string;
  day: number;
  sessions: number;
}

/** Sessions per account, facet value, UTC day and website: session_hourly_facets summed by day. */
export interface SessionDailyFacetsTable {
  account_id: string;
  facet: string;
  value: string;
  day: number;
  website_id: string;
  sessions: number;
}

/**
 * The columns a session is written with, each named once. PostgreSQL's table also holds columns it
 * generates (the resource's kept text, session-resource-json.ts), which are never written: reading a row
 * to write it back selects these.
 */
export const SESSION_COLUMNS = Object.keys({
  account_id: true,
  id: true,
  website_id: true,
  visitor_id: true,
  creation_timestamp: true,
  duration: true,
  end_timestamp: true,
  active_time: true,
  start_url: true,
  end_url: true,
  expiration_timestamp: true,
  last_event_timestamp: true,
  product: true,
  device: true,
  tags: true,
  last_seen_page_view_id: true,
  seen: true,
  referrer: true,
  visitor_first_session: true,
  engagement_score: true,
  ip: true,
  country_code: true,
  region: true,
  city: true,
  resolution_width: true,
  resolution_height: true,
  os_name: true,
  os_version: true,
  browser_description: true,
  browser_name: true,
  browser_version: true,
  utm_source: true,
  utm_medium: true,
  utm_campaign: true,
  utm_term: true,
  utm_content: true,
  page_views: true,
  clicks: true,
  error_clicks: true,
  rage_clicks: true,
  error_logs: true,
  net_errors: true,
} satisfies Record<keyof SessionsTable, true>) as (keyof SessionsTable)[];
