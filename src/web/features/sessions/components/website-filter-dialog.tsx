import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';

export interface WebsiteOption {
  id: string;
  name: string;
}

interface WebsiteFilterDialogProps {
  websites: readonly WebsiteOption[];
  value: string;
  onApply: (websiteId: string) => void;
  onClose: () => void;
}

/** Picks the one website the list shows, the same choice as the app bar's switcher (`website_id`). */
export function WebsiteFilterDialog({ websites, value, onApply, onClose }: WebsiteFilterDialogProps) {
  const [draft, setDraft] = useState(value || (websites[0]?.id ?? ''));
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onApply(draft);
        }}
      >
        <DialogTitle id={titleId}>Filter: Website</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <TextField select fullWidth label="Website" value={draft} onChange={(event) => setDraft(event.target.value)}>
            {websites.map((website) => (
              <MenuItem key={website.id} value={website.id}>
                {website.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={draft === ''}>
            Apply
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
