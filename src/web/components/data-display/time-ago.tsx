import { formatFullDateTime } from '../../lib/locale.ts';
import { formatTimeAgo } from '../../lib/time-ago.ts';
import { useNow } from '../../lib/use-now.ts';

/** "5 minutes ago", kept current while on screen, with the exact time on hover. */
export function TimeAgo({ iso }: { iso: string }) {
  const now = useNow();
  return (
    <time dateTime={iso} title={formatFullDateTime(new Date(iso))}>
      {formatTimeAgo(iso, now)}
    </time>
  );
}
