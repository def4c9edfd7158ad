import type { GridSortModel } from '@mui/x-data-grid';

/** Grid columns the server can sort by, and the API's `sort` key for each. */
const SORT_KEY_BY_FIELD: Record<string, string> = {
  creation_timestamp: 'start',
  duration: 'duration',
  active_time: 'active_time',
  engagment_score: 'engagement',
  pages: 'page_views',
  errors: 'errors',
  rage_clicks: 'rage_clicks',
  error_clicks: 'error_clicks',
};

const FIELD_BY_SORT_KEY = Object.fromEntries(Object.entries(SORT_KEY_BY_FIELD).map(([field, key]) => [key, field]));

export function isSortableField(field: string): boolean {
  return field in SORT_KEY_BY_FIELD;
}

/** True for a value of the API's `sort` parameter, such as `-duration` or `start`. */
export function isSessionSort(value: string): boolean {
  return (value.startsWith('-') ? value.slice(1) : value) in FIELD_BY_SORT_KEY;
}

/** The grid's sort model for an API `sort` ('' is the default: newest first). */
export function sortModelFromSort(sort: string): GridSortModel {
  const descending = sort === '' || sort.startsWith('-');
  const key = sort === '' ? 'start' : descending ? sort.slice(1) : sort;
  const field = FIELD_BY_SORT_KEY[key] ?? 'creation_timestamp';
  return [{ field, sort: descending ? 'desc' : 'asc' }];
}

/** The API `sort` for a grid sort model; newest first is the default and is left out (''). */
export function sortFromSortModel(model: GridSortModel): string {
  const first = model[0];
  const key = first ? SORT_KEY_BY_FIELD[first.field] : undefined;
  if (!first || !key) return '';
  const sort = first.sort === 'asc' ? key : `-${key}`;
  return sort === '-start' ? '' : sort;
}

const LENGTHS = new Set(['duration', 'active_time']);

/**
 * Every order the list can be in, for choosing it where there are no headers to click (on phones): the API's
 * `sort` ('' for newest first) and the order in words, the sortable columns in their order, each highest first.
 */
export function sortChoices(
  columns: readonly { field: string; headerName?: string }[],
): { sort: string; label: string }[] {
  return columns
    .filter((column) => isSortableField(column.field))
    .flatMap(({ field, headerName }) =>
      [false, true].map((ascending) => {
        const words = describeSort(field, headerName, ascending).replace(/^Sorted by /, '');
        return {
          sort: sortFromSortModel([{ field, sort: ascending ? 'asc' : 'desc' }]),
          label: words.charAt(0).toUpperCase() + words.slice(1),
        };
      }),
    );
}

/** The order of the rows in words, as the grid's toolbar states it: "Sorted by duration, longest first". */
export function describeSort(field: string | undefined, header: string | undefined, ascending: boolean): string {
  if (!field || !header || field === 'creation_timestamp')
    return `Sorted by start time, ${ascending ? 'oldest' : 'newest'} first`;
  const ends = LENGTHS.has(field) ? ['shortest', 'longest'] : ['lowest', 'highest'];
  return `Sorted by ${header.toLowerCase()}, ${ascending ? ends[0] : ends[1]} first`;
}
