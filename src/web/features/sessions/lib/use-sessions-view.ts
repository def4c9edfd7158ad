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
  // The same view object until the view itself changes (not when the address changes otherwise, as when the
  // drawer opens), so what is derived from it is not worked out, nor rendered, again.
  const viewKey = JSON.stringify(readSessionsView(params, defaultTimeZone));
  const view = useMemo(() => JSON.parse(viewKey) as SessionsView, [viewKey]);
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
