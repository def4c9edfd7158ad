import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Typography from '@mui/material/Typography';
import {
  ColumnsPanelTrigger,
  gridColumnLookupSelector,
  gridSortModelSelector,
  Toolbar,
  useGridApiContext,
  useGridSelector,
} from '@mui/x-data-grid';
import { describeSort } from './session-sort.ts';

/** The grid's own toolbar: the order the rows are in, stated plainly, and the column chooser. */
export function SessionsGridToolbar() {
  const apiRef = useGridApiContext();
  const sortModel = useGridSelector(apiRef, gridSortModelSelector);
  const columns = useGridSelector(apiRef, gridColumnLookupSelector);
  const first = sortModel[0];
  const header = first ? (columns[first.field]?.headerName ?? first.field) : undefined;
  return (
    <Toolbar>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1, px: 0.5 }}>
        {describeSort(first?.field, header, first?.sort === 'asc')}
      </Typography>
      <ColumnsPanelTrigger size="small" startIcon={<ViewColumnIcon fontSize="small" />}>
        Columns
      </ColumnsPanelTrigger>
    </Toolbar>
  );
}
