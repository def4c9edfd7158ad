import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Typography from '@mui/material/Typography';
import { ColumnsPanelTrigger, Toolbar } from '@mui/x-data-grid';

/** The grid's own toolbar: the column chooser, and the one order the API offers, stated plainly. */
export function SessionsGridToolbar() {
  return (
    <Toolbar>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1, px: 0.5 }}>
        Sorted by start time, newest first
      </Typography>
      <ColumnsPanelTrigger size="small" startIcon={<ViewColumnIcon fontSize="small" />}>
        Columns
      </ColumnsPanelTrigger>
    </Toolbar>
  );
}
