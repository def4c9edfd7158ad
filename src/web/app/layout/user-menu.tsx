import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { GetMeResponse } from '../../../api/client/types.gen.ts';
import { useLogoutMutation } from '../../features/auth/api/use-logout-mutation.ts';
import { ChangePasswordDialog } from '../../features/auth/components/change-password-dialog.tsx';

export function UserMenu({ me }: { me: GetMeResponse }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const logout = useLogoutMutation();
  const navigate = useNavigate();
  const who = me.user?.email ?? me.token_name ?? 'Signed in';
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Account menu for ${who}`}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <ListItemText
          sx={{ px: 2, py: 1 }}
          primary={me.user?.name ?? who}
          secondary={`${who} · ${me.user?.role ?? 'token'} · ${me.account.name}`}
        />
        <Divider />
        {me.user ? (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setChangingPassword(true);
            }}
          >
            Change password
          </MenuItem>
        ) : null}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            logout.mutate({}, { onSettled: () => navigate('/login', { replace: true }) });
          }}
        >
          Sign out
        </MenuItem>
      </Menu>
      {changingPassword ? <ChangePasswordDialog onClose={() => setChangingPassword(false)} /> : null}
    </>
  );
}
