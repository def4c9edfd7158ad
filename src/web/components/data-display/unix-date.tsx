const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

/** A date given in Unix seconds, shown short in the reader's locale, with the exact time on hover. */
export function UnixDate({ seconds }: { seconds: number }) {
  const date = new Date(seconds * 1000);
  return (
    <time dateTime={date.toISOString()} title={dateTimeFormat.format(date)}>
      {dateFormat.format(date)}
    </time>
  );
}
