import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

export const OPEN_SESSION_PARAM = 'session';

interface OpenedHere {
  openedSessionDrawer?: boolean;
}

/**
 * The session shown in the details drawer, kept in the URL: on a phone the back button closes the drawer,
 * and a copied link opens it again.
 */
export function useOpenSessionParam() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openSessionId = params.get(OPEN_SESSION_PARAM);
  const openedHere = (location.state as OpenedHere | null)?.openedSessionDrawer === true;

  const openSession = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params);
      next.set(OPEN_SESSION_PARAM, id);
      // Switching from one open session to another replaces the entry, so one back press closes the drawer.
      setParams(next, { replace: openedHere, state: { openedSessionDrawer: true } satisfies OpenedHere });
    },
    [params, setParams, openedHere],
  );

  const closeSession = useCallback(() => {
    if (openedHere) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete(OPEN_SESSION_PARAM);
    setParams(next, { replace: true });
  }, [params, setParams, openedHere, navigate]);

  return { openSessionId, openSession, closeSession };
}
