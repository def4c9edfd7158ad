const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

/** A date given in Unix seconds as text, short in the reader's locale with the month in words ("8 Dec 2026"). */
export const formatUnixDate = (seconds: number) => dateFormat.format(new Date(seconds * 1000));

/** A date given in Unix seconds, shown short in the reader's locale, with the exact time on hover. */
export function UnixDate({ seconds }: { seconds: number }) {
  const date = new Date(seconds * 1000);
  return (
    <time dateTime={date.toISOString()} title={dateTimeFormat.format(date)}>
      {formatUnixDate(seconds)}
    </time>
  );
}
