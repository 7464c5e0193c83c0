import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/lib/session/current-user';
import { useAppConfig } from '@/lib/session/app-config';
import { logout } from '@/lib/session/logout';

/** The username dropdown with logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { data: config } = useAppConfig();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircle />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        // Whole on a phone: the brand name beside it shrinks instead; only a name longer than the screen
        // allows is cut, and then shown in full on hover.
        title={user.username}
        sx={{
          textTransform: 'none',
          flexShrink: 0,
          maxWidth: { xs: 'calc(100vw - 120px)', sm: 'none' },
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {user.username}
      </Button>
      <Menu id="user-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem disabled>{user.fullName}</MenuItem>
        <MenuItem component={Link} to="/profile" onClick={() => setAnchor(null)}>
          {t('routes.profile')}
        </MenuItem>
        <MenuItem onClick={() => logout(config, user)}>{t('actions.logout')}</MenuItem>
      </Menu>
    </>
  );
}
