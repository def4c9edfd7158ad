import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useCreateViewMutation } from '../api/use-create-view-mutation.ts';
import { ViewFormDialog } from './view-form-dialog.tsx';

/** Saves the list's current filters and sort under a name, for oneself or for the whole account. */
export function SaveViewButton({ query }: { query: Record<string, string> }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState('');
  const create = useCreateViewMutation();
  return (
    <>
      <Button variant="outlined" startIcon={<BookmarkAddOutlinedIcon />} onClick={() => setOpen(true)}>
        Save view
      </Button>
      {open ? (
        <ViewFormDialog
          title="Save view"
          submitLabel="Save"
          initial={{ name: '', shared: false }}
          pending={create.isPending}
          error={create.error}
          onClose={() => {
            setOpen(false);
            create.reset();
          }}
          onSubmit={({ name, shared }) =>
            create.mutate(
              { body: { name, shared, query } },
              {
                onSuccess: (view) => {
                  setOpen(false);
                  setSaved(view.name);
                },
              },
            )
          }
        />
      ) : null}
      <Snackbar
        open={saved !== ''}
        autoHideDuration={5000}
        onClose={() => setSaved('')}
        message={`Saved “${saved}”; it is in the navigation under Sessions.`}
      />
    </>
  );
}
