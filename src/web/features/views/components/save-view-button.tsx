import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useRef, useState } from 'react';
import { toApiError } from '../../../lib/api-error.ts';
import { useCreateViewMutation } from '../api/use-create-view-mutation.ts';
import { useUpdateViewMutation } from '../api/use-update-view-mutation.ts';
import { useViewsQuery } from '../api/use-views-query.ts';
import { openedViewId } from '../lib/opened-view.ts';
import { viewHref } from '../lib/view-link.ts';
import { ViewFormDialog } from './view-form-dialog.tsx';

/**
 * Saves the list's current filters and sort under a name, for oneself or for the whole account. When they
 * are those of a view opened from the navigation, changed since, that view can take them instead
 * ("Update …"), if whoever asks may change it.
 */
export function SaveViewButton({ query }: { query: Record<string, string> }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState('');
  const saveButton = useRef<HTMLButtonElement>(null);
  const updateButton = useRef<HTMLButtonElement>(null);
  const create = useCreateViewMutation();
  const update = useUpdateViewMutation();
  const views = useViewsQuery();
  const openedId = openedViewId();
  const opened = views.data?.views.find((view) => view.id === openedId && view.editable);
  const changed = opened !== undefined && viewHref(opened.query) !== viewHref(query);
  return (
    <>
      {changed ? (
        <Button
          ref={updateButton}
          variant="outlined"
          startIcon={<SaveOutlinedIcon />}
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { path: { id: opened.id }, body: { query } },
              {
                onSuccess: (view) => {
                  setSaved(`Updated “${view.name}” with these filters.`);
                  // The button goes once the view holds these filters: focus moves to its neighbour.
                  saveButton.current?.focus();
                },
                onError: () => updateButton.current?.focus(),
              },
            )
          }
          sx={{ minWidth: 0, maxWidth: 280 }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            Update “{opened.name}”
          </Box>
        </Button>
      ) : null}
      <Button ref={saveButton} variant="outlined" startIcon={<BookmarkAddOutlinedIcon />} onClick={() => setOpen(true)}>
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
                  setSaved(`Saved “${view.name}”; it is in the navigation under Sessions.`);
                },
              },
            )
          }
        />
      ) : null}
      <Snackbar open={saved !== ''} autoHideDuration={5000} onClose={() => setSaved('')} message={saved} />
      <Snackbar
        open={update.isError}
        autoHideDuration={8000}
        onClose={() => update.reset()}
        message={`The view could not be updated: ${update.error ? toApiError(update.error).message : ''}`}
      />
    </>
  );
}
