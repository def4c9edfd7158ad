import Box from '@mui/material/Box';
import { type SxProps, type Theme, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DataGrid,
  GridOverlay,
  type GridOverlayProps,
  type GridPaginationModel,
  type GridSortModel,
  useGridApiRef,
} from '@mui/x-data-grid';
import { type FocusEvent, memo, type ReactNode, useMemo } from 'react';
import type { Session } from '../../../api/client/types.gen.ts';
import { SessionCards } from './session-cards.tsx';
import { displayedRows } from './session-format.ts';
import { buildSessionColumns } from './session-columns.tsx';
import { SessionsGridToolbar } from './sessions-grid-toolbar.tsx';
import { sortChoices, sortFromSortModel, sortModelFromSort } from './session-sort.ts';
import { usePrefetchSession } from './use-prefetch-session.ts';
import { useStoredColumnVisibility } from './use-stored-column-visibility.ts';

/** The API refuses pages past this one, so the grid never offers them. */
const LAST_PAGE = 10_000;
const PAGE_SIZE_OPTIONS = [25, 50, 100];
const NO_ROWS: Session[] = [];
const NEWEST_FIRST = [{ field: 'creation_timestamp', sort: 'desc' as const }];

function EmptyOverlay(props: GridOverlayProps) {
  return <GridOverlay {...props} sx={{ p: 2, textAlign: 'center' }} />;
}

interface SessionsGridProps {
  /** Names the grid for assistive technology. */
  label: string;
  sessions: Session[];
  /** The true number of matching sessions. */
  total: number;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  loading: boolean;
  timeZone: string;
  onOpenSession: (session: Session) => void;
  /** Shown when nothing matches. */
  emptyState: ReactNode;
  /** Where the column choice is remembered in this browser. */
  columnStorageKey: string;
  /** Size of the box the grid fills; it needs a height to scroll within. */
  sx?: SxProps<Theme>;
  /** With both, column headers sort on the server; without, the order is fixed (newest first). */
  sortModel?: GridSortModel;
  onSortModelChange?: (model: GridSortModel) => void;
}

const SORT_ORDER = ['desc' as const, 'asc' as const];

/**
 * One page of sessions from the server; a click, or Enter on a cell, opens a session. On phones the page is a
 * list of cards instead, as a row of columns would need scrolling sideways.
 */
export const SessionsGrid = memo(function SessionsGrid(props: SessionsGridProps) {
  const { timeZone, paginationModel, onOpenSession } = props;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo(() => buildSessionColumns(timeZone), [timeZone]);
  const orders = useMemo(() => sortChoices(columns), [columns]);
  const [columnVisibility, setColumnVisibility, columnsKnown] = useStoredColumnVisibility(props.columnStorageKey);
  const prefetchSession = usePrefetchSession();
  const apiRef = useGridApiRef();
  // The grid forgets its focused cell when a click lands outside it, but not when the keyboard (or a
  // drawer, or a shortcut) takes the focus away; it would then put the focus back on that cell, or on
  // the one in its place, as soon as the rows change, out of the filter the reader is typing in.
  const forgetFocusedCell = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || event.currentTarget.contains(next)) return;
    apiRef.current?.setState((state) => ({
      ...state,
      focus: { cell: null, columnHeader: null, columnHeaderFilter: null, columnGroupHeader: null },
    }));
  };
  const prefetchRow = (event: { currentTarget: HTMLElement }) => {
    const id = event.currentTarget.dataset.id;
    if (id) prefetchSession(id);
  };
  const rowCount = Math.min(props.total, (LAST_PAGE + 1) * paginationModel.pageSize);
  const localeText = useMemo(() => ({ paginationDisplayedRows: displayedRows(props.total) }), [props.total]);
  if (phone) {
    const { onSortModelChange } = props;
    return (
      <SessionCards
        label={props.label}
        sessions={props.sessions}
        rowCount={rowCount}
        total={props.total}
        paginationModel={paginationModel}
        onPaginationModelChange={props.onPaginationModelChange}
        loading={props.loading}
        timeZone={timeZone}
        onOpenSession={onOpenSession}
        onPrefetch={prefetchSession}
        emptyState={props.emptyState}
        sorting={
          onSortModelChange
            ? {
                choices: orders,
                sort: sortFromSortModel(props.sortModel ?? NEWEST_FIRST),
                onChange: (sort) => onSortModelChange(sortModelFromSort(sort)),
              }
            : undefined
        }
      />
    );
  }
  return (
    <Box
      sx={[{ height: 600, width: '100%' }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
      onBlur={forgetFocusedCell}
    >
      <DataGrid
        apiRef={apiRef}
        label={props.label}
        // Until the person's columns are known the rows wait, under the loading skeleton.
        rows={columnsKnown ? props.sessions : NO_ROWS}
        columns={columns}
        rowHeight={56}
        paginationMode="server"
        rowCount={rowCount}
        localeText={localeText}
        paginationModel={paginationModel}
        onPaginationModelChange={props.onPaginationModelChange}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        sortingMode="server"
        sortModel={props.sortModel ?? NEWEST_FIRST}
        onSortModelChange={props.onSortModelChange}
        sortingOrder={SORT_ORDER}
        disableColumnSorting={props.onSortModelChange === undefined}
        filterMode="server"
        disableColumnFilter
        // Headers sort with a click and the toolbar chooses columns; without the menu's button a sorted
        // column's name still fits beside its arrow.
        disableColumnMenu
        // Filtering happens on the server; without this the grid probes for eval, which the page's policy forbids.
        disableEval
        rowSelection={false}
        loading={props.loading || !columnsKnown}
        columnVisibilityModel={columnVisibility}
        onColumnVisibilityModelChange={setColumnVisibility}
        showToolbar
        slots={{ toolbar: SessionsGridToolbar, noRowsOverlay: EmptyOverlay }}
        slotProps={{
          loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' },
          // The choice is saved for the person: "hide all" would save a list of no columns, and the grid's
          // Reset goes back to the choice the page opened with, not to the list's default.
          columnsManagement: { disableShowHideToggle: true, disableResetButton: true },
          noRowsOverlay: { children: props.emptyState },
          row: { onMouseEnter: prefetchRow, onFocus: prefetchRow },
        }}
        onRowClick={({ row }) => onOpenSession(row)}
        onCellKeyDown={({ row }, event) => {
          if (event.key === 'Enter') onOpenSession(row);
        }}
        sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
    </Box>
  );
});
