import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { preferredTimeZone, rememberTimeZone } from '../../../lib/time-zones.ts';
import { applyViewChange, readSessionsView, type SessionsView, writeSessionsView } from './sessions-search-params.ts';

/**
 * The sessions list's view, kept in the URL so links reproduce it and back/forward step through it. The
 * zone defaults to the person's preferred one, and choosing a zone here makes it their preference.
 */
export function useSessionsView() {
  const [params, setParams] = useSearchParams();
  const defaultTimeZone = preferredTimeZone();
  const view = useMemo(() => readSessionsView(params, defaultTimeZone), [params, defaultTimeZone]);
  const changeView = useCallback(
    (change: Partial<SessionsView>) => {
      if (change.timeZone !== undefined) rememberTimeZone(change.timeZone);
      setParams((current) => {
        const next = applyViewChange(readSessionsView(current, defaultTimeZone), change);
        return writeSessionsView(next, preferredTimeZone(), current);
      });
    },
    [setParams, defaultTimeZone],
  );
  return { view, changeView, defaultTimeZone };
}
