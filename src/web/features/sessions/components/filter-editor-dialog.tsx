import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { draftOf, valuesOfDraft } from '../lib/filter-draft.ts';
import type { FilterDefinition, FilterParam, SessionFilters } from '../lib/session-filters.ts';
import { FilterValueFields } from './filter-value-fields.tsx';

interface FilterEditorDialogProps {
  definition: FilterDefinition;
  filters: SessionFilters;
  onApply: (values: Partial<Record<FilterParam, string | undefined>>) => void;
  onClose: () => void;
  /** The list's website, if one is chosen: value suggestions count its sessions only. */
  websiteId?: string;
}

/** Sets one filter's value; nothing changes in the list until "Apply". */
export function FilterEditorDialog({ definition, filters, onApply, onClose, websiteId }: FilterEditorDialogProps) {
  const [draft, setDraft] = useState(() => draftOf(definition, filters));
  const [error, setError] = useState('');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const result = valuesOfDraft(definition, draft);
          if (!result.ok) {
            setError(result.error);
            return;
          }
          onApply(result.values);
        }}
      >
        <DialogTitle id={titleId}>Filter: {definition.label}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 1.5 }}>
          <FilterValueFields definition={definition} draft={draft} onChange={setDraft} websiteId={websiteId} />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Apply
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
