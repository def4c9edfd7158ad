import Alert from '@mui/material/Alert';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether the dashboard can reach the network, as the query cache sees it (the browser's online/offline events). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}

/**
 * Says at once that the dashboard is offline and that what is on screen is from before; it goes away by itself
 * when the connection returns, as waiting requests are sent again then.
 */
export function OfflineNotice({ waiting, what }: { waiting: boolean; what: string }) {
  const online = useIsOnline();
  if (online && !waiting) return null;
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 1 }}>
      {waiting
        ? `The dashboard is offline. The ${what} shown are the previous ones; they update by themselves when the connection returns.`
        : `The dashboard is offline. The ${what} shown may be out of date until the connection returns.`}
    </Alert>
  );
}
