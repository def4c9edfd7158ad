import FilterListIcon from '@mui/icons-material/FilterList';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId, useState } from 'react';

/** Filters in a panel; on phones it folds away behind a button that says how many are on. */
export function FiltersPanel({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const body = (
    <Paper id={regionId} variant="outlined" role="group" aria-label="Filters" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      {children}
    </Paper>
  );
  if (!phone) return body;
  return (
    <>
      <Button
        variant="outlined"
        fullWidth
        startIcon={<FilterListIcon />}
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}
        sx={{ mb: 1, justifyContent: 'flex-start' }}
      >
        {open ? 'Hide filters' : 'Show filters'}
        {activeCount > 0 ? ` (${activeCount} on)` : ''}
      </Button>
      <Collapse in={open}>{body}</Collapse>
    </>
  );
}
