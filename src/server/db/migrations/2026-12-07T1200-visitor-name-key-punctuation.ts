import { type Kysely, sql } from 'kysely';
import { namesWithPunctuationOrParticles } from '../../lib/name-key.ts';
import { likeAny, rekeyNames } from './name-key-backfill.ts';

// Names' keys kept apostrophes and hyphens, so "obrien" missed O'Brien and "jean pierre" missed Jean-Pierre,
// and a surname's particle stood apart, so "devries" missed de Vries. Keys now leave apostrophes out and read
// dashes as spaces, and a name with a particle has a name word with the particle joined to the word after it
// (lib/name-key.ts); the visitors already kept whose names hold either are keyed again, with their name words.
export async function up(db: Kysely<unknown>): Promise<void> {
  const { names, keys } = namesWithPunctuationOrParticles();
  await rekeyNames(db, sql`${likeAny('name', names)} or ${likeAny('name_key', keys)}`, { nameWords: true });
}

export async function down(): Promise<void> {
  // The keys stay as they are: the search finds the same people with them, and more.
}
