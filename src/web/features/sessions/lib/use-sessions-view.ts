import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyViewChange, readSessionsView, type SessionsView, writeSessionsView } from './sessions-search-params.ts';
import { browserTimeZone } from './time-zones.ts';

/** The sessions list's view, kept in the URL so links reproduce it and back/forward step through it. */
export function useSessionsView() {
  const [params, setParams] = useSearchParams();
  const defaultTimeZone = browserTimeZone();
  const view = useMemo(() => readSessionsView(params, defaultTimeZone), [params, defaultTimeZone]);
  const changeView = useCallback(
    (change: Partial<SessionsView>) => {
      setParams((current) => {
        const next = applyViewChange(readSessionsView(current, defaultTimeZone), change);
        return writeSessionsView(next, defaultTimeZone, current);
      });
    },
    [setParams, defaultTimeZone],
  );
  return { view, changeView, defaultTimeZone };
}
