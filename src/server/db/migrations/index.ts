import type { Migration } from 'kysely';
import * as initial from './2026-11-22T0900-initial.ts';
import * as people from './2026-11-22T1000-people.ts';
import * as pipeline from './2026-11-22T1100-pipeline.ts';
import * as sessionCounts from './2026-11-22T1200-session-counts.ts';
import * as rollupFillfactor from './2026-11-22T1300-rollup-fillfactor.ts';
import * as accountIpTruncation from './2026-11-23T1000-account-ip-truncation.ts';
import * as sessionFinding from './2026-11-23T1000-session-finding.ts';
import * as bulkLoadRollup from './2026-11-23T1010-bulk-load-rollup.ts';
import * as savedViews from './2026-11-23T1020-saved-views.ts';
import * as recordings from './2026-11-23T1200-recordings.ts';
import * as visitorSessionCounts from './2026-11-23T1200-visitor-session-counts.ts';
import * as websiteDescription from './2026-11-23T1210-website-description.ts';
import * as alertQuietPeriods from './2026-11-23T1300-alert-quiet-periods.ts';
import * as alertSnooze from './2026-11-23T1310-alert-snooze.ts';
import * as webhookFirstDelivery from './2026-11-23T1400-webhook-first-delivery.ts';
import * as passwordLinks from './2026-11-23T1320-password-links.ts';
import * as webhookPreviousSecret from './2026-11-23T1540-webhook-previous-secret.ts';
import * as alertThresholds from './2026-11-23T1700-alert-thresholds.ts';
import * as bulkLoadVisitorCounts from './2026-11-23T1700-bulk-load-visitor-counts.ts';
import * as recordingChunkSummaries from './2026-11-23T1700-recording-chunk-summaries.ts';
import * as sessionFacetRollup from './2026-11-25T1000-session-facet-rollup.ts';
import * as sessionTextFacets from './2026-11-26T1000-session-text-facets.ts';
import * as sessionPages from './2026-11-26T1010-session-pages.ts';
import * as deferredIndexes from './2026-11-26T1200-deferred-indexes.ts';
import * as rollupsWithoutRowid from './2026-11-26T1300-rollups-without-rowid.ts';
import * as bulkLoadTriggerConditions from './2026-11-26T1400-bulk-load-trigger-conditions.ts';
import * as dailyRollups from './2026-11-27T1000-daily-rollups.ts';
import * as coveringOrderIndex from './2026-11-27T1100-covering-order-index.ts';
import * as sessionHourSets from './2026-11-27T1300-session-hour-sets.ts';
import * as sessionTextValueCounts from './2026-11-27T1400-session-text-value-counts.ts';
import * as sessionColumnChoices from './2026-11-29T1000-session-column-choices.ts';
import * as rollupTimeIndexes from './2026-11-30T1000-rollup-time-indexes.ts';
import * as visitorNameKeys from './2026-11-30T1200-visitor-name-keys.ts';
import * as visitorLastNameKey from './2026-11-30T1800-visitor-last-name-key.ts';
import * as sessionErrorClicksSort from './2026-12-01T0900-session-error-clicks-sort.ts';
import * as visitorThirdNameKey from './2026-12-01T1000-visitor-third-name-key.ts';
import * as sessionResourceText from './2026-12-02T0900-session-resource-text.ts';
import * as visitorNameKeyLetters from './2026-12-02T1000-visitor-name-key-letters.ts';
import * as visitorNameWords from './2026-12-03T1000-visitor-name-words.ts';
import * as visitorEmailKeyLetters from './2026-12-07T1000-visitor-email-key-letters.ts';
import * as visitorNameKeyStrokedLetters from './2026-12-07T1010-visitor-name-key-stroked-letters.ts';
import * as visitorNameKeyHoldsId from './2026-12-07T1100-visitor-name-key-holds-id.ts';
import * as visitorNameKeyPunctuation from './2026-12-07T1200-visitor-name-key-punctuation.ts';
import * as visitorNameWordKeysOrderByName from './2026-12-07T1300-visitor-name-word-keys-order-by-name.ts';
import * as visitorSurnameFirstIndex from './2026-12-07T1400-visitor-surname-first-index.ts';

/**
 * A migration, and on PostgreSQL the tables it rewrites whole (`rewrites`): a rewritten table's
 * visibility map is empty, so they are vacuumed once the migrations are done (migrate.ts).
 */
export type ProductMigration = Migration & { readonly rewrites?: readonly string[] };

/** Migrations in the order they apply; names are dated so the order is also alphabetical. */
export const migrations: Record<string, ProductMigration> = {
  '2026-11-22T0900-initial': initial,
  '2026-11-22T1000-people': people,
  '2026-11-22T1100-pipeline': pipeline,
  '2026-11-22T1200-session-counts': sessionCounts,
  '2026-11-22T1300-rollup-fillfactor': rollupFillfactor,
  '2026-11-23T1000-account-ip-truncation': accountIpTruncation,
  '2026-11-23T1000-session-finding': sessionFinding,
  '2026-11-23T1010-bulk-load-rollup': bulkLoadRollup,
  '2026-11-23T1020-saved-views': savedViews,
  '2026-11-23T1200-recordings': recordings,
  '2026-11-23T1200-visitor-session-counts': visitorSessionCounts,
  '2026-11-23T1210-website-description': websiteDescription,
  '2026-11-23T1300-alert-quiet-periods': alertQuietPeriods,
  '2026-11-23T1310-alert-snooze': alertSnooze,
  '2026-11-23T1320-password-links': passwordLinks,
  '2026-11-23T1400-webhook-first-delivery': webhookFirstDelivery,
  '2026-11-23T1540-webhook-previous-secret': webhookPreviousSecret,
  '2026-11-23T1700-alert-thresholds': alertThresholds,
  '2026-11-23T1700-bulk-load-visitor-counts': bulkLoadVisitorCounts,
  '2026-11-23T1700-recording-chunk-summaries': recordingChunkSummaries,
  '2026-11-25T1000-session-facet-rollup': sessionFacetRollup,
  '2026-11-26T1000-session-text-facets': sessionTextFacets,
  '2026-11-26T1010-session-pages': sessionPages,
  '2026-11-26T1200-deferred-indexes': deferredIndexes,
  '2026-11-26T1300-rollups-without-rowid': rollupsWithoutRowid,
  '2026-11-26T1400-bulk-load-trigger-conditions': bulkLoadTriggerConditions,
  '2026-11-27T1000-daily-rollups': dailyRollups,
  '2026-11-27T1100-covering-order-index': coveringOrderIndex,
  '2026-11-27T1300-session-hour-sets': sessionHourSets,
  '2026-11-27T1400-session-text-value-counts': sessionTextValueCounts,
  '2026-11-29T1000-session-column-choices': sessionColumnChoices,
  '2026-11-30T1000-rollup-time-indexes': rollupTimeIndexes,
  '2026-11-30T1200-visitor-name-keys': visitorNameKeys,
  '2026-11-30T1800-visitor-last-name-key': visitorLastNameKey,
  '2026-12-01T0900-session-error-clicks-sort': sessionErrorClicksSort,
  '2026-12-01T1000-visitor-third-name-key': visitorThirdNameKey,
  '2026-12-02T0900-session-resource-text': sessionResourceText,
  '2026-12-02T1000-visitor-name-key-letters': visitorNameKeyLetters,
  '2026-12-03T1000-visitor-name-words': visitorNameWords,
  '2026-12-07T1000-visitor-email-key-letters': visitorEmailKeyLetters,
  '2026-12-07T1010-visitor-name-key-stroked-letters': visitorNameKeyStrokedLetters,
  '2026-12-07T1100-visitor-name-key-holds-id': visitorNameKeyHoldsId,
  '2026-12-07T1200-visitor-name-key-punctuation': visitorNameKeyPunctuation,
  '2026-12-07T1300-visitor-name-word-keys-order-by-name': visitorNameWordKeysOrderByName,
  '2026-12-07T1400-visitor-surname-first-index': visitorSurnameFirstIndex,
};
