import GroupsIcon from '@mui/icons-material/Groups';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link, useLocation } from 'react-router';
import { useViewsQuery } from '../api/use-views-query.ts';
import { isViewShown, viewHref } from '../lib/view-link.ts';
import { SavedViewActions } from './saved-view-actions.tsx';

/** Saved views under Sessions in the navigation: one's own first, then those colleagues shared. */
export function SavedViewsNav({ onNavigate }: { onNavigate?: () => void }) {
  const views = useViewsQuery();
  const { pathname, search } = useLocation();
  const list = [...(views.data?.views ?? [])].sort(
    (a, b) => Number(b.mine) - Number(a.mine) || a.name.localeCompare(b.name),
  );
  if (list.length === 0) return null;
  return (
    <List dense disablePadding aria-label="Saved views" sx={{ mb: 0.5 }}>
      {list.map((view) => {
        const shown = isViewShown(view.query, pathname, search);
        return (
          <ListItem
            key={view.id}
            disablePadding
            secondaryAction={view.mine ? <SavedViewActions view={view} /> : undefined}
          >
            <ListItemButton
              component={Link}
              to={viewHref(view.query)}
              onClick={onNavigate}
              selected={shown}
              aria-current={shown ? 'page' : undefined}
              sx={{ borderRadius: 1, ml: 3, mr: 1, pl: 2 }}
            >
              <ListItemText primary={view.name} slotProps={{ primary: { noWrap: true, title: view.name } }} />
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
