import type { Db } from '../../db/database.ts';
import { fixtureId, insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import type { SessionsTable, VisitorsTable } from './sessions.table.ts';

export const FINDING_BASE = 1_790_000_000;

/** A small deterministic generator, so a failure can be replayed. */
export function lcg(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % max;
  };
}

export interface FindingRow extends SessionsTable {
  visitor: VisitorsTable;
  /** URLs of the page views recorded as events (beside start_url and end_url). */
  pageUrls: string[];
}

/** A list filter as query parameters, with the same test on a row. */
export type RowCondition = [query: string, matches: (row: FindingRow) => boolean];

/** The session visited a URL containing `part` (its start, end or a page view's URL), case-insensitive. */
export const visited = (row: FindingRow, part: string) =>
  [row.start_url, row.end_url, ...row.pageUrls].some((url) => url.toLowerCase().includes(part.toLowerCase()));

/** The visitor has an e-mail or a name. */
export const identified = (row: FindingRow) => (row.visitor.email ?? '') !== '' || (row.visitor.name ?? '') !== '';

/** Records a page-view event `afterMs` milliseconds into the session, with `details` as its data. */
export async function insertPageView(
  db: Db,
  accountId: string,
  session: { id: string; creation_timestamp: number },
  afterMs: number,
  details: { url: string; title?: string },
): Promise<void> {
  await db
    .insertInto('session_events')
    .values({
      account_id: accountId,
      id: fixtureId('e'),
      session_id: session.id,
      kind: 3,
      occurred_at: session.creation_timestamp * 1000 + afterMs,
      data: JSON.stringify(details),
    })
    .execute();
}

const pick = <T>(random: (max: number) => number, values: readonly T[]): T => values[random(values.length)] as T;

/**
 * Sessions varied in every filtered and sorted column, with repeated values so ties and paging are
 * exercised, spread over three days and two websites, with page-view events for some.
 */
export async function seedFindingSessions(
  db: Db,
  account: { accountId: string; websiteId: string },
  otherWebsiteId: string,
  count = 90,
) {
  const random = lcg(7);
  const visitors = [
    await insertVisitor(db, account.accountId, {
      email: 'Lucas.Martin@example.com',
      name: 'Lucas Martin',
      params: [{ name: 'plan', value: 'pro' }],
    }),
    await insertVisitor(db, account.accountId, {
      name: 'Ana Souza',
      params: [
        { name: 'plan', value: 'free' },
        { name: 'team', value: 'a=b' },
        // A quote and a backslash, which JSON escapes, and an emoji: the filter parses such values at once.
        { name: 'motto', value: 'say "hi" \\ 🙂' },
      ],
    }),
    await insertVisitor(db, account.accountId, { email: 'zoe@example.org' }),
    await insertVisitor(db, account.accountId, { name: '', email: '' }),
    await insertVisitor(db, account.accountId),
  ];
  const rows: FindingRow[] = [];
  for (let index = 0; index < count; index += 1) {
    const visitor = pick(random, visitors);
    const pageUrls =
      random(3) === 0
        ? [`https://shop.example.com/products/${pick(random, ['Shoes', 'hats', '50%-off', 'under_score'])}`]
        : [];
    const row = await insertSession(
      db,
      account.accountId,
      index % 4 === 0 ? otherWebsiteId : account.websiteId,
      visitor.id,
      {
        id: fixtureId('s'),
        creation_timestamp: FINDING_BASE + random(3 * 86_400),
        duration: pick(random, [0, 30, 30, 120, 600, 1800, 3600]),
        active_time: random(400),
        engagement_score: pick(random, [0, 12.5, 40, 40, 77.3, 100]),
        page_views: 1 + random(6),
        error_logs: pick(random, [0, 0, 1, 3]),
        rage_clicks: pick(random, [0, 0, 0, 2]),
        error_clicks: pick(random, [0, 0, 1]),
        seen: random(2),
        device: pick(random, ['desktop', 'mobile', 'tablet']),
        browser_name: pick(random, ['Chrome', 'Firefox', 'Safari']),
        os_name: pick(random, ['Windows', 'macOS', 'iOS']),
        country_code: pick(random, ['GB', 'US', 'FR']),
        start_url: pick(random, [
          'https://shop.example.com/',
          'https://shop.example.com/Checkout?step=1',
          'https://shop.example.com/blog/a_b',
        ]),
        end_url: pick(random, ['https://shop.example.com/cart', 'https://shop.example.com/thanks']),
        referrer: pick(random, ['', 'https://www.google.com/', 'https://news.ycombinator.com/item']),
        utm_source: pick(random, ['', 'newsletter', 'google']),
        utm_medium: pick(random, ['', 'email', 'cpc']),
        utm_campaign: pick(random, ['', 'summer-sale', 'winter']),
        tags: pick(random, [[], ['returning'], ['VIP', 'returning'], ['returning-soon']]),
      },
    );
    for (const [position, url] of pageUrls.entries()) {
      await insertPageView(db, account.accountId, row, position, { url, title: 'Products' });
    }
    rows.push({ ...row, visitor, pageUrls });
  }
  return rows;
}
