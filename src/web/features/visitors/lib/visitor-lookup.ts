import { isClientId } from '../../../../api/client-ids.ts';
import type { GetSessionsData } from '../../../../api/client/types.gen.ts';

const PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_SIZE = 25;
const LAST_PAGE = 10_000;

/** Who the visitor page looks up, and which page of their sessions it shows. */
export interface VisitorLookup {
  email: string;
  visitorId: string;
  /** From the app bar's website switcher; empty for every website. */
  websiteId: string;
  page: number;
  size: number;
}

/**
 * The lookup an address asks for. A `visitor_id` that cannot be one (a name sent by an older link, say) is
 * no lookup: the page searches people by it instead (`searchedText`).
 */
export function readVisitorLookup(params: URLSearchParams): VisitorLookup {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  const page = Number(text('page'));
  const size = Number(text('size'));
  const visitorId = text('visitor_id');
  return {
    email: text('email'),
    visitorId: isClientId(visitorId) ? visitorId : '',
    websiteId: text('website_id'),
    page: Number.isInteger(page) && page >= 0 && page <= LAST_PAGE ? page : 0,
    size: PAGE_SIZES.find((allowed) => allowed === size) ?? DEFAULT_SIZE,
  };
}

/** The page and size in `base`, defaults left out; a new size starts again at the first page. */
export function writeVisitorPage(
  base: URLSearchParams,
  current: VisitorLookup,
  page: number,
  size: number,
): URLSearchParams {
  const next = new URLSearchParams(base);
  const firstPage = size !== current.size ? 0 : page;
  if (firstPage > 0) next.set('page', String(firstPage));
  else next.delete('page');
  if (size !== DEFAULT_SIZE) next.set('size', String(size));
  else next.delete('size');
  return next;
}

export const hasLookup = (lookup: VisitorLookup) => lookup.email !== '' || lookup.visitorId !== '';

/** The text to find people by when the address asks for no lookup: `q`, or a `visitor_id` no id can be. */
export function searchedText(params: URLSearchParams, lookup: VisitorLookup): string {
  if (hasLookup(lookup)) return '';
  return params.get('q')?.trim() || params.get('visitor_id')?.trim() || '';
}

/** The sessions filter for the lookup, without paging. */
export function lookupFilter(lookup: VisitorLookup): Omit<GetSessionsData['query'], 'page' | 'size'> {
  return {
    ...(lookup.email ? { email: lookup.email } : {}),
    ...(lookup.visitorId ? { visitor_id: lookup.visitorId } : {}),
    ...(lookup.websiteId ? { website_id: lookup.websiteId } : {}),
  };
}
