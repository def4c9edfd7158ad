import crypto from 'node:crypto';
import type { TestContext } from './harness.ts';

/** A random id of the tracker's shape: `prefix_` and 20 hex digits. */
export const clientId = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString('hex')}`;

/** The ids one visit sends with every batch and recording chunk. */
export interface VisitIds {
  visitor_id: string;
  session_id: string;
}

export function newVisitIds(): VisitIds {
  return { visitor_id: clientId('v'), session_id: clientId('s') };
}

/** The website's public key, which the tracker sends with everything it posts. */
export async function publicKeyOf(ctx: TestContext, websiteId: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('websites')
    .select('public_key')
    .where('id', '=', websiteId)
    .executeTakeFirstOrThrow();
  return row.public_key;
}
