import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { preferredTimeZone, rememberTimeZone } from '../../../lib/time-zones.ts';
import { applyViewChange, readSessionsView, type SessionsView, writeSessionsView } from './sessions-search-params.ts';

/**
 * A change to the view: the fields to set, or a function of the view as last asked for that returns them,
 * for a change that builds on the view (a filter added to those on) rather than replacing it.
 */
export type SessionsViewChange = Partial<SessionsView> | ((view: SessionsView) => Partial<SessionsView>);

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
  // The address last asked for, until the page renders with it: two changes made before that (a zone,
  // then at once a date range) each start from the one before, not from the address as last rendered.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  // `replace` corrects the address in place (a page past the end) instead of adding a step to go back to.
  const changeView = useCallback(
    (change: SessionsViewChange, options?: { replace?: boolean }) => {
      setParams((rendered) => {
        const current = pending.current ?? rendered;
        const fields = typeof change === 'function' ? change(readSessionsView(current, preferredTimeZone())) : change;
        if (fields.timeZone !== undefined) rememberTimeZone(fields.timeZone);
        // The preferred zone as it is now: a zone just chosen is already the preference, and so left out
        // of the address.
        const preferred = preferredTimeZone();
        const next = writeSessionsView(
          applyViewChange(readSessionsView(current, preferred), fields),
          preferred,
          current,
        );
        pending.current = next;
        return next;
      }, options);
    },
    [setParams],
  );
  return { view, changeView, defaultTimeZone };
}
