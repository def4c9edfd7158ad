import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import type { GetMeResponse } from '../../../api/client/types.gen.ts';
import { VisitorSearch } from '../../features/visitors/components/visitor-search.tsx';
import { LocationAttribution } from '../../components/data-display/location-attribution.tsx';
import { WebsiteSwitcher } from '../../features/websites/components/website-switcher.tsx';
import { NavItems } from './nav-items.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { useFocusHeadingOnNavigation } from './use-focus-heading-on-navigation.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';
import LinearProgress from '@mui/material/LinearProgress';

const DRAWER_WIDTH = 220;
const WEBSITE_PAGES = new Set(['/sessions', '/visitors']);

export function AppShell({ me }: { me: GetMeResponse }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  useFocusHeadingOnNavigation(MAIN_CONTENT_ID);
  // Only sessions and visitors are looked at per website; alerts, webhooks and settings belong to the account.
  const showsWebsiteSwitcher = WEBSITE_PAGES.has(useLocation().pathname);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: { xs: 1, sm: 0 } }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            variant="h6"
            component={Link}
            to="/sessions"
            sx={{ color: 'inherit', textDecoration: 'none', mr: 1, whiteSpace: 'nowrap' }}
          >
            Session Analytics
          </Typography>
          {showsWebsiteSwitcher ? <WebsiteSwitcher /> : null}
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ order: { xs: 10, sm: 0 }, width: { xs: '100%', sm: 'auto' } }}>
            <VisitorSearch />
          </Box>
          <ThemeToggle />
          <UserMenu me={me} />
        </Toolbar>
      </AppBar>
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          <NavItems onNavigate={() => setMobileOpen(false)} />
        </Drawer>
        <Drawer
          variant="permanent"
          sx={{
            display: { xs: 'none', md: 'block' },
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, position: 'relative' },
          }}
        >
          <NavItems />
        </Drawer>
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 }, '&:focus': { outline: 'none' } }}
        >
          <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
            <Outlet />
          </Suspense>
          <Box component="footer" sx={{ mt: 4 }}>
            <LocationAttribution />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
