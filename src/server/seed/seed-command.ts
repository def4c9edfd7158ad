import type { Db } from '../db/database.ts';

export async function runSeedCommand(_db: Db, _options: Record<string, string | undefined>): Promise<string> {
  throw new Error('seed is not available yet');
}
