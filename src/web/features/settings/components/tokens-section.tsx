import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ApiToken, CreateTokenResponse } from '../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { ShownOnceDialog } from '../../../components/feedback/shown-once-dialog.tsx';
import { useTokensQuery } from '../api/use-tokens-query.ts';
import { CreateTokenDialog } from './create-token-dialog.tsx';
import { RevokeTokenDialog } from './revoke-token-dialog.tsx';
import { TokenCard } from './token-card.tsx';

type OpenDialog =
  { kind: 'create' } | { kind: 'created'; created: CreateTokenResponse } | { kind: 'revoke'; token: ApiToken } | null;

export function TokensSection() {
  const tokens = useTokensQuery();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  return (
    <Box component="section" aria-labelledby="tokens-heading">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Typography variant="h6" component="h2" id="tokens-heading">
          API tokens
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
          Create token
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Programs send a token as <code>Authorization: Bearer …</code>. Give each program its own token with only the
        scopes it needs.
      </Typography>
      {tokens.isPending ? <LinearProgress aria-label="Loading API tokens" /> : null}
      {tokens.isError ? <ApiErrorAlert error={tokens.error} title="The API tokens could not be loaded" /> : null}
      {tokens.data?.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>No API tokens yet.</Typography>
        </Paper>
      ) : null}
      {tokens.data && tokens.data.length > 0 ? (
        <Stack component="ul" aria-label="API tokens" sx={{ gap: 1.5, listStyle: 'none', p: 0, m: 0 }}>
          {tokens.data.map((token) => (
            <TokenCard key={token.token_id} token={token} onRevoke={() => setDialog({ kind: 'revoke', token })} />
          ))}
        </Stack>
      ) : null}
      {dialog?.kind === 'create' ? (
        <CreateTokenDialog onClose={close} onCreated={(created) => setDialog({ kind: 'created', created })} />
      ) : null}
      {dialog?.kind === 'created' ? (
        <ShownOnceDialog
          title={`Token “${dialog.created.name}” created`}
          label="API token"
          value={dialog.created.token}
          warning="Copy the token now. It will not be shown again: only its first characters are kept, to tell it apart."
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'revoke' ? <RevokeTokenDialog token={dialog.token} onClose={close} /> : null}
    </Box>
  );
}
