import { formatDate, formatFullDateTime } from '../../lib/locale.ts';

/** A date given in Unix seconds as text, with the month in words ("8 Dec 2026"). */
export const formatUnixDate = (seconds: number) => formatDate(new Date(seconds * 1000));

/** A date given in Unix seconds, shown short, with the exact time on hover. */
export function UnixDate({ seconds }: { seconds: number }) {
  const date = new Date(seconds * 1000);
  return (
    <time dateTime={date.toISOString()} title={formatFullDateTime(date)}>
      {formatUnixDate(seconds)}
    </time>
  );
}
