import GroupsIcon from '@mui/icons-material/Groups';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useMeQuery } from '../../../lib/api/me-query.ts';
import { useViewsQuery } from '../api/use-views-query.ts';
import { rememberOpenedView } from '../lib/opened-view.ts';
import { isViewShown, viewHref } from '../lib/view-link.ts';
import { SavedViewActions } from './saved-view-actions.tsx';

/** How many views this browser last listed for a person, so their places are kept while the list loads. */
function readCount(key: string): number {
  try {
    const count = Number(window.localStorage.getItem(key) ?? 0);
    return Number.isInteger(count) && count > 0 ? Math.min(count, MAX_PLACES) : 0;
  } catch {
    // Storage may be disabled: the list then appears when it arrives.
    return 0;
  }
}

function writeCount(key: string, count: number): void {
  try {
    window.localStorage.setItem(key, String(count));
  } catch {
    // Full or disabled storage: only the places while loading are lost.
  }
}

/** Most places kept for views still loading: past these the navigation may move once. */
const MAX_PLACES = 12;

/** A long name takes a second line before it is cut, so names that differ only near the end stay apart. */
const TWO_LINES = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  overflowWrap: 'anywhere',
} as const;

/**
 * Saved views under Sessions in the navigation: one's own first, then those colleagues shared. While
 * they load, the places of as many as this browser last listed are kept, so the sections below do not
 * move down when they arrive.
 */
export function SavedViewsNav({ onNavigate }: { onNavigate?: () => void }) {
  const views = useViewsQuery();
  const { pathname, search } = useLocation();
  // A deleted view's place, and how many views there were: once fewer are listed, focus moves to the view
  // now in that place (or the last one, or Sessions above when none is left) instead of to the page's top.
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list is when no view is left: Sessions just above it may have been drawn again meanwhile.
  const emptyPlace = useRef<HTMLSpanElement>(null);
  const deleted = useRef<{ index: number; count: number } | null>(null);
  useEffect(() => {
    const pending = deleted.current;
    const links = [...(listRef.current?.querySelectorAll<HTMLElement>('a') ?? [])];
    if (!pending || links.length >= pending.count) return;
    deleted.current = null;
    const next = links[Math.min(pending.index, links.length - 1)] ?? emptyPlace.current?.previousElementSibling;
    if (next instanceof HTMLElement) next.focus();
  });
  const countKey = `saved-views.count.${useMeQuery().data?.user?.user_id ?? 'token'}`;
  const loaded = views.data?.views.length;
  useEffect(() => {
    if (loaded !== undefined) writeCount(countKey, loaded);
  }, [countKey, loaded]);
  if (views.isPending) {
    const places = readCount(countKey);
    if (places === 0) return null;
    return (
      <List dense disablePadding aria-label="Saved views" aria-busy sx={{ mb: 0.5 }}>
        {Array.from({ length: places }, (_, index) => (
          <ListItem key={index} disablePadding>
            <ListItemButton disabled sx={{ borderRadius: 1, ml: 3, mr: 1, pl: 2 }}>
              <ListItemText primary={<Skeleton width="70%" />} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  }
  const list = [...(views.data?.views ?? [])].sort(
    (a, b) => Number(b.mine) - Number(a.mine) || a.name.localeCompare(b.name),
  );
  if (list.length === 0) return <span ref={emptyPlace} hidden />;
  return (
    <List ref={listRef} dense disablePadding aria-label="Saved views" sx={{ mb: 0.5 }}>
      {list.map((view, index) => {
        const shown = isViewShown(view.query, pathname, search);
        return (
          <ListItem
            key={view.id}
            disablePadding
            secondaryAction={
              view.editable ? (
                <SavedViewActions view={view} onDeleted={() => (deleted.current = { index, count: list.length })} />
              ) : undefined
            }
          >
            <ListItemButton
              component={Link}
              to={viewHref(view.query)}
              onClick={() => {
                rememberOpenedView(view.id);
                onNavigate?.();
              }}
              selected={shown}
              aria-current={shown ? 'page' : undefined}
              sx={{ borderRadius: 1, ml: 3, mr: 1, pl: 2 }}
            >
              <ListItemText primary={view.name} slotProps={{ primary: { title: view.name, sx: TWO_LINES } }} />
              {view.shared ? (
                <GroupsIcon
                  fontSize="small"
                  color="action"
                  titleAccess={view.mine ? 'Shared with the account' : 'Shared by a colleague'}
                  sx={{ ml: 0.5 }}
                />
              ) : null}
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
