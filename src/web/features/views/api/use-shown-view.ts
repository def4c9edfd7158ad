import { useLocation } from 'react-router';
import { isViewShown } from '../lib/view-link.ts';
import { type SavedView, useViewsQuery } from './use-views-query.ts';

/** The saved view the sessions page shows right now, if any (the first listed when two save the same filters). */
export function useShownView(): SavedView | undefined {
  const views = useViewsQuery();
  const { pathname, search } = useLocation();
  return views.data?.views.find((view) => isViewShown(view.query, pathname, search));
}
