import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import SettingsIcon from '@mui/icons-material/Settings';
import TimelineIcon from '@mui/icons-material/Timeline';
import WebhookIcon from '@mui/icons-material/Webhook';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Fragment, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { usePermissions } from '../../lib/api/me-query.ts';
import { useShownView } from '../../features/views/api/use-shown-view.ts';
import { SavedViewsNav } from '../../features/views/components/saved-views-nav.tsx';
import { useLastSessionsSearch } from '../../components/sessions/use-last-sessions-search.ts';

const ITEMS: { to: string; label: string; icon: ReactNode; permission: string }[] = [
  { to: '/sessions', label: 'Sessions', icon: <TimelineIcon />, permission: 'users.sessions:read' },
  { to: '/alerts', label: 'Alerts', icon: <NotificationsActiveIcon />, permission: 'alerts:read' },
  { to: '/webhooks', label: 'Webhooks', icon: <WebhookIcon />, permission: 'webhooks:read' },
  { to: '/settings', label: 'Settings', icon: <SettingsIcon />, permission: 'account:admin' },
];

/**
 * The sections the signed-in person may open (the others are not shown at all), and saved views under
 * Sessions. While a saved view is open, it alone is marked as the current place, not Sessions above it.
 */
export function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  const { can } = usePermissions();
  const sessionsSearch = useLastSessionsSearch();
  const viewShown = useShownView() !== undefined;
  return (
    <List component="nav" aria-label="Main">
      {ITEMS.filter((item) => can(item.permission)).map((item) => (
        <Fragment key={item.to}>
          <ListItemButton
            component={item.to === '/sessions' && viewShown ? Link : NavLink}
            to={item.to === '/sessions' ? `/sessions${sessionsSearch}` : item.to}
            onClick={onNavigate}
            sx={{ borderRadius: 1, mx: 1, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
          {item.to === '/sessions' ? <SavedViewsNav onNavigate={onNavigate} /> : null}
        </Fragment>
      ))}
    </List>
  );
}
