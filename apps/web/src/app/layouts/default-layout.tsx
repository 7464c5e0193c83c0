import { AppBar, Box, Drawer, IconButton, List, ListItemButton, ListItemText, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageSwitch } from '@/components/language-switch';
import { TopAlert } from '@/components/top-alert';
import { useCurrentUser } from '@/lib/session/current-user';
import { useAppConfig } from '@/lib/session/app-config';
import { welcomeLink } from '@/lib/session/welcome';
import { useMenuRoutes } from '@/lib/session/menu-routes';
import { useMenuOpen } from '@/lib/menu-open';
import { SignedInFooter } from './footer';
import { SessionGuard } from './session-guard';
import { AppBarEnd, MainContent } from './signed-in-parts';
import { SkipLink } from './skip-link';

/** The menu item of the current page (NavLink marks it aria-current="page" and class active): seen, not only announced. */
const currentItemSx = {
  borderLeft: 4,
  borderColor: 'transparent',
  '&.active': { borderColor: 'primary.main', bgcolor: 'action.selected', '& .MuiListItemText-primary': { fontWeight: 700 } },
} as const;

const DRAWER_WIDTH = 260;

/**
 * The default signed-in layout (APP-05): toolbar with a menu toggle and the username
 * dropdown, logo with a home link, the left menu from route metadata, and the footer (hidden on /details).
 */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useMenuOpen(desktop);
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const { data: config } = useAppConfig();
  const menu = useMenuRoutes();
  const home = user ? (welcomeLink(config, user)?.replace(/^(\/[a-z0-9-]+)?\/ui/, '') ?? '/home') : '/home';

  const nav = (
    <Box component="nav" aria-label={t('app.main-menu')} sx={{ width: DRAWER_WIDTH }}>
      <Toolbar />
      {/* The items are links, not <li>: a <ul> of them is an invalid list (axe "list"). */}
      <List component="div">
        <ListItemButton component={NavLink} to={home} end sx={currentItemSx} onClick={() => !desktop && setOpen(false)}>
          <ListItemText primary={t('routes.welcome')} />
        </ListItemButton>
        {menu.map((r) => (
          <ListItemButton key={r.id} component={NavLink} to={`/${r.path}`} sx={currentItemSx} onClick={() => !desktop && setOpen(false)}>
            <ListItemText primary={t(r.titleKey)} />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="fixed" sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            onClick={() => setOpen((o) => !o)}
            aria-label={t('app.toggle-menu')}
            aria-expanded={open}
          >
            <MenuIcon />
          </IconButton>
          <BrandLogo to={home} />
          <AppBarEnd />
        </Toolbar>
      </AppBar>
      <Drawer
        variant={desktop ? 'persistent' : 'temporary'}
        open={open}
        onClose={() => setOpen(false)}
        // On a narrow screen the menu is a modal dialog, which needs a name.
        slotProps={{ paper: desktop ? {} : { 'aria-label': t('app.main-menu') } }}
        sx={{
          width: desktop && open ? DRAWER_WIDTH : 0,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        {nav}
        <Box sx={{ display: { sm: 'none' }, px: 2 }}>
          <LanguageSwitch />
        </Box>
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {/* Under the fixed app bar, where nothing covers it (app-root.tsx leaves the alert to this layout). */}
        <TopAlert />
        <MainContent />
        {!pathname.includes('/details') && <SignedInFooter />}
      </Box>
      <SessionGuard />
    </Box>
  );
}
