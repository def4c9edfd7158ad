const shortFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

/** An ISO 8601 instant in the reader's locale and time zone, to the second, with the full form on hover. */
export function IsoDateTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={fullFormat.format(date)}>
      {shortFormat.format(date)}
    </time>
  );
}
