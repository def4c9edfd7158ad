import type { AccountsTable } from '../features/accounts/accounts.table.ts';
import type { AlertsTable } from '../features/notifications/alerts/alerts.table.ts';
import type {
  SessionDailyCountsTable,
  SessionDailyFacetsTable,
  SessionHourlyCountsTable,
  SessionHourlyFacetsTable,
  SessionPagesTable,
  SessionTextValueCountsTable,
  SessionTextValuesTable,
  SessionsTable,
  VisitorCountersColumns,
  VisitorNameWordsTable,
  VisitorsTable,
} from '../features/sessions/sessions.table.ts';
import type { ApiTokensTable } from '../features/tokens/tokens.table.ts';
import type { WebhooksTable } from '../features/notifications/webhooks/webhooks.table.ts';
import type { WebsitesTable } from '../features/websites/websites.table.ts';
import type { LoginSessionsTable, PasswordLinksTable, UsersTable } from '../features/users/users.table.ts';
import type { IngestBatchesTable, SessionEventsTable } from '../features/ingest/ingest.table.ts';
import type {
  RecordingChunksTable,
  RecordingSettingsTable,
  RetentionPoliciesTable,
} from '../features/recordings/recordings.table.ts';
import type { DeliveryAttemptsTable, OutboxMessagesTable } from '../features/notifications/outbox/outbox.table.ts';
import type { SavedViewsTable, SessionColumnChoicesTable } from '../features/views/views.table.ts';

/** Every table the service owns. Tenant tables lead with account_id (the future shard key). */
export interface DatabaseSchema {
  accounts: AccountsTable;
  websites: WebsitesTable;
  api_tokens: ApiTokensTable;
  alerts: AlertsTable;
  webhooks: WebhooksTable;
  visitors: VisitorsTable & VisitorCountersColumns;
  visitor_name_words: VisitorNameWordsTable;
  sessions: SessionsTable;
  session_hourly_counts: SessionHourlyCountsTable;
  session_hourly_facets: SessionHourlyFacetsTable;
  session_daily_counts: SessionDailyCountsTable;
  session_daily_facets: SessionDailyFacetsTable;
  session_pages: SessionPagesTable;
  session_text_values: SessionTextValuesTable;
  session_text_value_counts: SessionTextValueCountsTable;
  users: UsersTable;
  login_sessions: LoginSessionsTable;
  password_links: PasswordLinksTable;
  ingest_batches: IngestBatchesTable;
  session_events: SessionEventsTable;
  outbox_messages: OutboxMessagesTable;
  delivery_attempts: DeliveryAttemptsTable;
  recording_settings: RecordingSettingsTable;
  retention_policies: RetentionPoliciesTable;
  recording_chunks: RecordingChunksTable;
  saved_views: SavedViewsTable;
  session_column_choices: SessionColumnChoicesTable;
  /** Indexes a bulk load dropped and has not built again (src/server/seed/deferred-indexes.ts). */
  deferred_indexes: { name: string; definition: string };
}
