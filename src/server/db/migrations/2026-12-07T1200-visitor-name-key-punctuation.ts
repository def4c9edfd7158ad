import { type Kysely, sql } from 'kysely';
import { namesWithPunctuationOrParticles } from '../../lib/name-key.ts';
import { likeAny, rekeyNames } from './name-key-backfill.ts';

// Names' keys kept apostrophes and hyphens, so "obrien" missed O'Brien and "jean pierre" missed Jean-Pierre,
// and a surname's particle stood apart, so "devries" missed de Vries. Keys now leave apostrophes out and read
// dashes as spaces, and the name words hold the name as it is also typed: its particles joined to the word
// after them, its apostrophes as spaces, its dashes left out (lib/name-key.ts). The visitors already kept
// whose names hold an apostrophe, a dash or a particle are keyed again, with their name words.
export async function up(db: Kysely<unknown>): Promise<void> {
  const { names, keys } = namesWithPunctuationOrParticles();
  await rekeyNames(db, sql`${likeAny('name', names)} or ${likeAny('name_key', keys)}`, { nameWords: true });
}

export async function down(): Promise<void> {
  // The keys stay as they are: the search finds the same people with them, and more.
}
