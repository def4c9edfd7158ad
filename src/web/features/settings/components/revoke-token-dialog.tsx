import Typography from '@mui/material/Typography';
import type { ApiToken } from '../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { useRevokeTokenMutation } from '../api/use-revoke-token-mutation.ts';

export function RevokeTokenDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const revoke = useRevokeTokenMutation();
  return (
    <ConfirmDialog
      open
      title={`Revoke “${token.name}”?`}
      confirmLabel="Revoke token"
      destructive
      pending={revoke.isPending}
      onConfirm={() => revoke.mutate({ path: { id: token.token_id } }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <Typography sx={{ mb: revoke.isError ? 2 : 0 }}>
        Programs that use this token are refused from now on. A revoked token cannot be turned back on; you would create
        a new one instead.
      </Typography>
      {revoke.isError ? <ApiErrorAlert error={revoke.error} title="The token was not revoked" /> : null}
    </ConfirmDialog>
  );
}
