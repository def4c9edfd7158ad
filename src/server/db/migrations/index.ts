import type { Migration } from 'kysely';
import * as initial from './2026-11-22T0900-initial.ts';
import * as people from './2026-11-22T1000-people.ts';
import * as pipeline from './2026-11-22T1100-pipeline.ts';
import * as sessionCounts from './2026-11-22T1200-session-counts.ts';
import * as rollupFillfactor from './2026-11-22T1300-rollup-fillfactor.ts';

/** Migrations in the order they apply; names are dated so the order is also alphabetical. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0900-initial': initial,
  '2026-11-22T1000-people': people,
  '2026-11-22T1100-pipeline': pipeline,
  '2026-11-22T1200-session-counts': sessionCounts,
  '2026-11-22T1300-rollup-fillfactor': rollupFillfactor,
};
