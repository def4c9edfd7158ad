import { formatDateSecond, formatFullDateTime } from '../../lib/locale.ts';

/** An ISO 8601 instant in the reader's time zone, to the second, with the full form on hover. */
export function IsoDateTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={formatFullDateTime(date)}>
      {formatDateSecond(date)}
    </time>
  );
}
