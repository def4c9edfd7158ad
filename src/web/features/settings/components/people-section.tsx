import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { CreatePasswordLinkResponse, User } from '../../../../api/client/types.gen.ts';
import { formatUnixDate } from '../../../components/data-display/unix-date.tsx';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { ShownOnceDialog } from '../../../components/feedback/shown-once-dialog.tsx';
import { useMeQuery } from '../../../lib/api/me-query.ts';
import { useCreatePasswordLinkMutation } from '../api/use-create-password-link-mutation.ts';
import { useUsersQuery } from '../api/use-users-query.ts';
import { AddPersonDialog } from './add-person-dialog.tsx';
import { PersonCard } from './person-card.tsx';
import { RemovePersonDialog } from './remove-person-dialog.tsx';

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'link'; user: User; link: CreatePasswordLinkResponse; isNew: boolean }
  | { kind: 'remove'; user: User }
  | null;

export function PeopleSection() {
  const users = useUsersQuery();
  const me = useMeQuery();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const newLink = useCreatePasswordLinkMutation();
  const issueLink = (user: User) =>
    newLink.mutate(
      { path: { id: user.user_id } },
      { onSuccess: (link) => setDialog({ kind: 'link', user, link, isNew: false }) },
    );

  return (
    <Box component="section" aria-labelledby="people-heading">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Typography variant="h6" component="h2" id="people-heading">
          People
        </Typography>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog({ kind: 'add' })}>
          Add person
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Everyone who signs in to this account. Their role decides what they may see and change.
      </Typography>
      {users.isPending ? <LinearProgress aria-label="Loading people" /> : null}
      {users.isError ? <ApiErrorAlert error={users.error} title="The people could not be loaded" /> : null}
      {newLink.isError ? <ApiErrorAlert error={newLink.error} title="No new link could be made" /> : null}
      {users.data ? (
        <Stack component="ul" aria-label="People" sx={{ gap: 1.5, listStyle: 'none', p: 0, m: 0 }}>
          {users.data.map((user) => (
            <PersonCard
              key={user.user_id}
              user={user}
              isSelf={user.user_id === me.data?.user?.user_id}
              onRemove={() => setDialog({ kind: 'remove', user })}
              onNewLink={() => issueLink(user)}
              linkPending={newLink.isPending && newLink.variables.path.id === user.user_id}
            />
          ))}
        </Stack>
      ) : null}
      {dialog?.kind === 'add' ? (
        <AddPersonDialog
          onClose={close}
          onAdded={({ user, ...link }) => setDialog({ kind: 'link', user, link, isNew: true })}
        />
      ) : null}
      {dialog?.kind === 'link' ? (
        <ShownOnceDialog
          title={dialog.isNew ? `${dialog.user.name} was added` : `A new link for ${dialog.user.name}`}
          label="Set-password link"
          value={dialog.link.set_password_url}
          warning={`Send this link to ${dialog.user.email} through a safe channel: with it they choose their password and sign in. It works once, until ${formatUnixDate(dialog.link.set_password_expires_at)}, and will not be shown again.`}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'remove' ? <RemovePersonDialog user={dialog.user} onClose={close} /> : null}
    </Box>
  );
}
