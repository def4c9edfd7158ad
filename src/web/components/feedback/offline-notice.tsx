import Alert from '@mui/material/Alert';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether the dashboard can reach the network, as the query cache sees it (the browser's online/offline events). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}

interface OfflineNoticeProps {
  /** A request is held back until the connection returns. */
  waiting: boolean;
  /** What is on screen is from before that request (an earlier filter or page). */
  showingPrevious: boolean;
  /** What the page lists, in the plural ("sessions"). */
  what: string;
}

/**
 * Says at once that the dashboard is offline and that what is on screen is from before; it goes away by itself
 * when the connection returns, as waiting requests are sent again then.
 */
export function OfflineNotice({ waiting, showingPrevious, what }: OfflineNoticeProps) {
  const online = useIsOnline();
  if (online && !waiting) return null;
  const message = !waiting
    ? `The ${what} shown may be out of date until the connection returns.`
    : showingPrevious
      ? `The ${what} shown are the previous ones; they update by themselves when the connection returns.`
      : `The ${what} load by themselves when the connection returns.`;
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 1 }}>
      The dashboard is offline. {message}
    </Alert>
  );
}
