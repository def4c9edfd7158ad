import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { useDeleteViewMutation } from '../api/use-delete-view-mutation.ts';
import { useUpdateViewMutation } from '../api/use-update-view-mutation.ts';
import type { SavedView } from '../api/use-views-query.ts';
import { ViewFormDialog } from './view-form-dialog.tsx';

/**
 * Rename, share or delete a view: one's own, or as an admin a colleague's shared view (`editable`).
 * `onDeleted` is told once the view is deleted, so focus can move on from its place.
 */
export function SavedViewActions({ view, onDeleted }: { view: SavedView; onDeleted?: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const update = useUpdateViewMutation();
  const remove = useDeleteViewMutation();
  const close = () => {
    setDialog(null);
    update.reset();
    remove.reset();
  };
  return (
    <>
      <IconButton
        edge="end"
        size="small"
        aria-label={`Options for view ${view.name}`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setDialog('rename');
          }}
        >
          Rename or share
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setDialog('delete');
          }}
        >
          Delete
        </MenuItem>
      </Menu>
      {dialog === 'rename' ? (
        <ViewFormDialog
          title="Rename view"
          submitLabel="Save"
          initial={{ name: view.name, shared: view.shared }}
          pending={update.isPending}
          error={update.error}
          onClose={close}
          onSubmit={(values) => update.mutate({ path: { id: view.id }, body: values }, { onSuccess: close })}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete view?"
        confirmLabel="Delete view"
        destructive
        pending={remove.isPending}
        onClose={close}
        onConfirm={() =>
          remove.mutate(
            { path: { id: view.id } },
            {
              onSuccess: () => {
                onDeleted?.();
                close();
              },
            },
          )
        }
      >
        {view.mine ? '' : 'A colleague saved this view. '}“{view.name}” goes from the navigation
        {view.shared ? ' of everyone in the account' : ''}. The sessions stay.
      </ConfirmDialog>
    </>
  );
}
