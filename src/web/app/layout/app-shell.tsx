import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import type { GetMeResponse } from '../../../api/client/types.gen.ts';
import { VisitorSearch } from '../../features/visitors/components/visitor-search.tsx';
import { LocationAttribution } from '../../components/data-display/location-attribution.tsx';
import { WebsiteMenu } from '../../features/websites/components/website-menu.tsx';
import { WebsiteSwitcher } from '../../features/websites/components/website-switcher.tsx';
import { NavItems } from './nav-items.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { useFocusHeadingOnNavigation } from './use-focus-heading-on-navigation.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';
import LinearProgress from '@mui/material/LinearProgress';

const DRAWER_WIDTH = 220;
const PHONE_SEARCH_ID = 'phone-visitor-search';
const WEBSITE_PAGES = new Set(['/sessions', '/visitors']);

export function AppShell({ me }: { me: GetMeResponse }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  useFocusHeadingOnNavigation(MAIN_CONTENT_ID);
  // Only sessions and visitors are looked at per website; alerts, webhooks and settings belong to the account.
  const { pathname } = useLocation();
  const showsWebsiteSwitcher = WEBSITE_PAGES.has(pathname);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  // Open on the page where it was opened: a search leads to another page, where the row folds away.
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null);
  const searchOpen = searchOpenOn === pathname;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="sticky">
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
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
            noWrap
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              mr: { sm: 1 },
              minWidth: 0,
              fontSize: { xs: '1.05rem', sm: undefined },
            }}
          >
            Session Analytics
          </Typography>
          {showsWebsiteSwitcher && !phone ? <WebsiteSwitcher /> : null}
          <Box sx={{ flexGrow: 1 }} />
          {phone ? (
            <IconButton
              color="inherit"
              aria-label="Find a visitor"
              aria-expanded={searchOpen}
              aria-controls={PHONE_SEARCH_ID}
              onClick={() => setSearchOpenOn(searchOpen ? null : pathname)}
            >
              {searchOpen ? <SearchOffIcon /> : <SearchIcon />}
            </IconButton>
          ) : (
            <VisitorSearch />
          )}
          {showsWebsiteSwitcher && phone ? <WebsiteMenu /> : null}
          <ThemeToggle />
          <UserMenu me={me} />
        </Toolbar>
        {phone && searchOpen ? (
          // On a phone the search takes a row of its own, only when asked for, so the bar stays one line.
          <Box id={PHONE_SEARCH_ID} sx={{ px: 1.5, pb: 1.5 }}>
            <VisitorSearch autoFocus />
          </Box>
        ) : null}
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
            // Under the app bar: a drawer's paper is a layer above it (for drawers that slide over the
            // page, the session's details among them), and this one would scroll over the bar.
            '& .MuiDrawer-paper': {
              width: DRAWER_WIDTH,
              position: 'relative',
              zIndex: (theme) => theme.zIndex.appBar - 1,
            },
          }}
        >
          <NavItems />
        </Drawer>
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          // The main area and its heading take focus only to tell screen readers where a new page begins
          // (the skip link, useFocusHeadingOnNavigation); neither can be used, so neither is ringed.
          sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 }, '&:focus, & h1:focus': { outline: 'none' } }}
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
