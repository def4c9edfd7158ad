import type { QueryClient } from '@tanstack/react-query';
import { getSessionsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { GetSessionsData, Session } from '../../../../api/client/types.gen.ts';

/** The most rows one export fetches (100 pages of 100); the screen says so. */
export const EXPORT_ROW_LIMIT = 10_000;
const PAGE_SIZE = 100;

export type ExportFilter = Omit<NonNullable<GetSessionsData['query']>, 'page' | 'size'>;

export interface ExportResult {
  sessions: Session[];
  /** Sessions matching the filter, which may be more than were fetched. */
  total: number;
}

interface ExportOptions {
  onProgress: (fetched: number, total: number) => void;
  /** Checked between pages, so a cancelled export stops soon. */
  isCancelled: () => boolean;
}

/**
 * Every session matching `filter`, newest first, up to EXPORT_ROW_LIMIT, one page of 100 at a time.
 * Relative dates are pinned to the instants the first page resolved them to, so the range cannot move
 * mid-export; sessions arriving meanwhile shift later pages, and the repeats that causes are dropped.
 */
export async function fetchSessionsForExport(
  queryClient: QueryClient,
  filter: ExportFilter,
  options: ExportOptions,
): Promise<ExportResult | null> {
  const byId = new Map<string, Session>();
  let query: ExportFilter = filter;
  let total = 0;
  for (let page = 0; page * PAGE_SIZE < EXPORT_ROW_LIMIT; page += 1) {
    if (options.isCancelled()) return null;
    const response = await queryClient.fetchQuery(getSessionsOptions({ query: { ...query, page, size: PAGE_SIZE } }));
    if (page === 0) {
      total = response.total;
      query = pinDateRange(query, response.date_range);
    }
    for (const session of response.sessions) if (byId.size < EXPORT_ROW_LIMIT) byId.set(session.id, session);
    options.onProgress(byId.size, total);
    if (response.sessions.length < PAGE_SIZE || byId.size >= Math.min(total, EXPORT_ROW_LIMIT)) break;
  }
  return { sessions: [...byId.values()], total };
}

function pinDateRange(
  filter: ExportFilter,
  range: { from: string | null; to: string | null } | undefined,
): ExportFilter {
  if (!range) return filter;
  return {
    ...filter,
    ...(range.from ? { date_from: range.from } : {}),
    ...(range.to ? { date_to: range.to } : {}),
  };
}
