import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiToken } from '../../../../api/client/types.gen.ts';
import { DetailList } from '../../../components/data-display/detail-list.tsx';
import { UnixDate } from '../../../components/data-display/unix-date.tsx';
import { tokenStatus, type TokenStatus } from '../lib/token-status.ts';

const STATUS_CHIPS: Record<TokenStatus, { label: string; color: 'success' | 'default' | 'warning' }> = {
  active: { label: 'Active', color: 'success' },
  revoked: { label: 'Revoked', color: 'default' },
  expired: { label: 'Expired', color: 'warning' },
};

export function TokenCard({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const status = tokenStatus(token);
  const chip = STATUS_CHIPS[status];
  const titleId = `token-${token.token_id}-name`;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography id={titleId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {token.name}
        </Typography>
        <Box component="code" sx={{ fontFamily: 'monospace', color: 'text.secondary', flex: 1 }}>
          {token.prefix}…
        </Box>
        <Chip size="small" variant="outlined" label={chip.label} color={chip.color} />
      </Stack>
      <Stack
        direction="row"
        component="ul"
        aria-label="Scopes"
        sx={{ flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}
      >
        {token.scopes.map((scope) => (
          <li key={scope}>
            <Chip size="small" label={scope} sx={{ fontFamily: 'monospace' }} />
          </li>
        ))}
      </Stack>
      <DetailList
        details={[
          { label: 'Created', value: <UnixDate seconds={token.created_at} /> },
          {
            label: 'Last used',
            value: token.last_used_at === null ? 'never' : <UnixDate seconds={token.last_used_at} />,
          },
          { label: 'Expires', value: token.expires_at === null ? 'never' : <UnixDate seconds={token.expires_at} /> },
          ...(token.revoked_at === null ? [] : [{ label: 'Revoked', value: <UnixDate seconds={token.revoked_at} /> }]),
        ]}
      />
      {status === 'active' ? (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button size="small" color="error" startIcon={<BlockIcon />} onClick={onRevoke}>
            Revoke
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}
