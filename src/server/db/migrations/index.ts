import type { Migration } from 'kysely';
import * as initial from './2026-11-22T0900-initial.ts';

/** Migrations in the order they apply; names are dated so the order is also alphabetical. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0900-initial': initial,
};
