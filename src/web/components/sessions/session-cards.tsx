import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { type ReactNode, useRef } from 'react';
import type { Session } from '../../../api/client/types.gen.ts';
import { SessionCard } from './session-card.tsx';
import { displayedRows } from './session-format.ts';

interface SessionCardsProps {
  label: string;
  sessions: Session[];
  /** How many sessions can be paged through (the grid's row count). */
  rowCount: number;
  /** The true number of matching sessions, which the pages may stop short of. */
  total: number;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  loading: boolean;
  timeZone: string;
  onOpenSession: (session: Session) => void;
  onPrefetch: (id: string) => void;
  emptyState: ReactNode;
  /** The orders to choose from and the one chosen (the API's `sort`); without them the order is fixed. */
  sorting?: { choices: readonly { sort: string; label: string }[]; sort: string; onChange: (sort: string) => void };
}

/**
 * One page of sessions as a list of cards, for screens too narrow for the grid's columns. Another page from
 * the pager below the cards starts at the top of the list, where its first card is, not at its last.
 */
export function SessionCards(props: SessionCardsProps) {
  const { paginationModel, sessions, sorting } = props;
  const top = useRef<HTMLDivElement>(null);
  const turnPage = (page: number) => {
    props.onPaginationModelChange({ ...paginationModel, page });
    const list = top.current;
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView?.({ block: 'start' });
  };
  return (
    <Box aria-busy={props.loading} ref={top} sx={{ scrollMarginTop: 72 }}>
      {sorting ? (
        <TextField
          select
          size="small"
          label="Order"
          value={sorting.sort}
          onChange={(event) => sorting.onChange(event.target.value)}
          // Newest first is the API's default, sort '' — which a select would otherwise show as nothing chosen.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ mb: 1, minWidth: 240 }}
        >
          {sorting.choices.map((choice) => (
            <MenuItem key={choice.sort} value={choice.sort}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <Box sx={{ height: 4, mb: 0.5 }}>{props.loading ? <LinearProgress aria-label="Loading sessions" /> : null}</Box>
      {sessions.length === 0 ? (
        props.loading ? null : (
          <Box sx={{ p: 2, textAlign: 'center' }}>{props.emptyState}</Box>
        )
      ) : (
        <Box
          component="ul"
          aria-label={props.label}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
        >
          {sessions.map((session) => (
            <li key={session.id}>
              <SessionCard
                session={session}
                timeZone={props.timeZone}
                onOpen={props.onOpenSession}
                onPrefetch={props.onPrefetch}
              />
            </li>
          ))}
        </Box>
      )}
      {props.rowCount === 0 ? null : (
        <TablePagination
          component="div"
          count={props.rowCount}
          page={paginationModel.page}
          rowsPerPage={paginationModel.pageSize}
          rowsPerPageOptions={[]}
          labelDisplayedRows={displayedRows(props.total)}
          onPageChange={(_event, page) => turnPage(page)}
          sx={{ overflow: 'hidden' }}
        />
      )}
    </Box>
  );
}
