import type { Kysely } from 'kysely';
import { NAMES_WITH_LETTERS_TYPED_OTHERWISE } from '../../lib/name-key.ts';
import { likeAny, rekeyNames } from './name-key-backfill.ts';

// Removing accents left the letters that have no mark to remove: "Łukasz Żółć" was keyed "łukasz zołc", so
// "zolc" missed him, as "oresund" missed "Øresund" and "gross" missed "Groß". Names' keys now type them as
// most keyboards do (lib/name-key.ts: "ł" as "l", "ø" as "o", "ß" as "ss", "æ" as "ae", …); the visitors
// already kept whose names hold one are keyed again, with their name words.
export async function up(db: Kysely<unknown>): Promise<void> {
  await rekeyNames(db, likeAny('name', NAMES_WITH_LETTERS_TYPED_OTHERWISE), { nameWords: true });
}

export async function down(): Promise<void> {
  // The keys stay folded: the search finds the same people with them, and more.
}
