import LinkIcon from '@mui/icons-material/Link';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { User } from '../../../../api/client/types.gen.ts';
import { UnixDate } from '../../../components/data-display/unix-date.tsx';
import { PersonRoleSelect } from './person-role-select.tsx';

interface PersonCardProps {
  user: User;
  isSelf: boolean;
  onRemove: () => void;
  /** Issues a new one-time set-password link, for a person whose link expired or who lost their password. */
  onNewLink: () => void;
  linkPending: boolean;
}

export function PersonCard({ user, isSelf, onRemove, onNewLink, linkPending }: PersonCardProps) {
  const titleId = `person-${user.user_id}-name`;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography id={titleId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {user.name}
          {isSelf ? (
            <Typography component="span" color="text.secondary">
              {' '}
              (you)
            </Typography>
          ) : null}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Added <UnixDate seconds={user.created_at} />
        </Typography>
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between', gap: 1 }}
      >
        <Box sx={{ display: 'grid', gap: 1, flex: 1 }}>
          <PersonRoleSelect user={user} />
        </Box>
        <Stack direction="row" sx={{ gap: 1, alignSelf: { xs: 'flex-end', sm: 'center' } }}>
          {isSelf ? null : (
            <Button
              size="small"
              startIcon={<LinkIcon />}
              onClick={onNewLink}
              loading={linkPending}
              aria-label={`New set-password link for ${user.name}`}
            >
              New set-password link
            </Button>
          )}
          <Button size="small" color="error" startIcon={<PersonRemoveIcon />} onClick={onRemove}>
            Remove
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
