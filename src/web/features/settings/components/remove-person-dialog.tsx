import Typography from '@mui/material/Typography';
import type { User } from '../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { useDeleteUserMutation } from '../api/use-delete-user-mutation.ts';

export function RemovePersonDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const remove = useDeleteUserMutation();
  return (
    <ConfirmDialog
      open
      title={`Remove ${user.name}?`}
      confirmLabel="Remove person"
      destructive
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ path: { id: user.user_id } }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <Typography sx={{ mb: remove.isError ? 2 : 0, overflowWrap: 'anywhere' }}>
        {user.email} will no longer be able to sign in. To give them access again, add them anew.
      </Typography>
      {remove.isError ? <ApiErrorAlert error={remove.error} title="The person was not removed" /> : null}
    </ConfirmDialog>
  );
}
