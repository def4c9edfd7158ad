import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { User } from '../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { useUpdateUserMutation } from '../api/use-update-user-mutation.ts';
import { ROLE_DESCRIPTIONS, ROLES, type Role } from '../lib/roles.ts';

/** Changes a person's role as soon as another is picked; a refusal (such as the last admin) shows beneath it. */
export function PersonRoleSelect({ user }: { user: User }) {
  const update = useUpdateUserMutation();
  // While saving, show the role being saved; on failure the stored role comes back.
  const value = update.isPending ? (update.variables.body.role ?? user.role) : user.role;
  return (
    <>
      <TextField
        select
        size="small"
        label="Role"
        value={value}
        disabled={update.isPending}
        onChange={(event) => {
          const role = event.target.value as Role;
          if (role !== user.role) update.mutate({ path: { id: user.user_id }, body: { role } });
        }}
        helperText={ROLE_DESCRIPTIONS[value].description}
        sx={{ minWidth: 160, maxWidth: 360 }}
      >
        {ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {ROLE_DESCRIPTIONS[role].label}
          </MenuItem>
        ))}
      </TextField>
      {update.isError ? <ApiErrorAlert error={update.error} title="The role was not changed" /> : null}
    </>
  );
}
