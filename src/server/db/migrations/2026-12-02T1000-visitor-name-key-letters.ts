import type { Kysely } from 'kysely';
import { likeAny, rekeyNames } from './name-key-backfill.ts';

// Lower case alone left two letters that people type otherwise: the Turkish dotless "ı" ("Işık" and
// "Yıldız" are typed "isik" and "yildiz" on most keyboards) and the Greek final "ς", which is "σ" anywhere
// else in a word. Names' keys now fold them to "i" and "σ" (lib/name-key.ts); the visitors already kept
// whose names hold one of them, or a capital sigma that lower case may end a word with, are keyed again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await rekeyNames(db, likeAny('name', ['%ı%', '%ς%', '%Σ%']));
}

export async function down(): Promise<void> {
  // The keys stay folded: the search finds the same people with them, and more.
}
