import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { OPEN_SESSION_PARAM } from './use-open-session-param.ts';

const STORAGE_KEY = 'sessions-search';

function withoutOpenSession(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(OPEN_SESSION_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function stored(): string {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * The filters and website last used on Sessions, as a search string: the navigation link carries it, so
 * leaving the list and coming back finds it as it was (a drawer that was open stays closed).
 */
export function useLastSessionsSearch(): string {
  const { pathname, search } = useLocation();
  const onSessions = pathname === '/sessions';
  const current = onSessions ? withoutOpenSession(search) : stored();
  useEffect(() => {
    if (!onSessions) return;
    try {
      window.sessionStorage.setItem(STORAGE_KEY, current);
    } catch {
      // Without storage the link still works, just without the last filters.
    }
  }, [onSessions, current]);
  return current;
}
