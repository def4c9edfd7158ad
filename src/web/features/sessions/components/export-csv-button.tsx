import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useEffect, useRef, useState } from 'react';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { formatNumber } from '../../../lib/locale.ts';
import { EXPORT_ROW_LIMIT, type ExportFilter, fetchSessionsForExport } from '../api/fetch-sessions-for-export.ts';
import { downloadTextFile } from '../lib/download-text-file.ts';
import { sessionsToCsv } from '../lib/sessions-csv.ts';

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; fetched: number; total: number }
  | { kind: 'done'; exported: number; total: number }
  | { kind: 'failed'; error: unknown };

/** Downloads every session of the current filter (up to the limit) as CSV. */
export function ExportCsvButton({ filter, timeZone }: { filter: ExportFilter; timeZone: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const cancelled = useRef(false);
  // Leaving the page stops an export rather than downloading a file nobody waits for.
  useEffect(() => () => void (cancelled.current = true), []);

  async function runExport() {
    cancelled.current = false;
    setState({ kind: 'running', fetched: 0, total: 0 });
    try {
      const result = await fetchSessionsForExport(queryClient, filter, {
        onProgress: (fetched, total) => setState({ kind: 'running', fetched, total }),
        isCancelled: () => cancelled.current,
      });
      if (!result) {
        setState({ kind: 'idle' });
        return;
      }
      const stamp = DateTime.now().setZone(timeZone).toFormat('yyyyLLdd-HHmm');
      downloadTextFile(`sessions-${stamp}.csv`, sessionsToCsv(result.sessions, timeZone), 'text/csv;charset=utf-8');
      setState({ kind: 'done', exported: result.sessions.length, total: result.total });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  }

  const running = state.kind === 'running';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'stretch', sm: 'flex-end' }, gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {running ? <Button onClick={() => (cancelled.current = true)}>Cancel export</Button> : null}
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={runExport}
          loading={running}
          loadingPosition="start"
        >
          Export CSV
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" role="status">
        {running
          ? `Exporting ${formatNumber(state.fetched)} of ${formatNumber(Math.min(state.total, EXPORT_ROW_LIMIT))}…`
          : `Exports the current filter, up to ${formatNumber(EXPORT_ROW_LIMIT)} sessions in the list’s order`}
      </Typography>
      {state.kind === 'done' ? (
        <Alert
          severity={state.exported < state.total ? 'warning' : 'success'}
          onClose={() => setState({ kind: 'idle' })}
        >
          {state.exported < state.total
            ? `Exported the newest ${formatNumber(state.exported)} of ${formatNumber(state.total)} sessions (the export limit). Narrow the dates for the rest.`
            : `Exported ${formatNumber(state.exported)} sessions.`}
        </Alert>
      ) : null}
      {state.kind === 'failed' ? <ApiErrorAlert error={state.error} title="The export failed" /> : null}
    </Box>
  );
}
