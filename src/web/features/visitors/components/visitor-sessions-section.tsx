import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { SessionDrawer } from '../../../components/sessions/session-drawer.tsx';
import { formatNumber } from '../../../lib/locale.ts';
import { SessionsGrid } from '../../../components/sessions/sessions-grid.tsx';
import { useOpenSessionParam } from '../../../components/sessions/use-open-session-param.ts';
import { useSessionQuery } from '../../../components/sessions/use-session-query.ts';
import { useMeQuery } from '../../../lib/api/me-query.ts';
import { useVisitorSessionsQuery } from '../api/use-visitor-sessions-query.ts';
import { lookupFilter, type VisitorLookup, writeVisitorPage } from '../lib/visitor-lookup.ts';

/** Every session of the visitor, newest first, in the same grid and drawer as the sessions list. */
export function VisitorSessionsSection({ lookup, timeZone }: { lookup: VisitorLookup; timeZone: string }) {
  const [, setParams] = useSearchParams();
  const sessions = useVisitorSessionsQuery({ ...lookupFilter(lookup), page: lookup.page, size: lookup.size });
  const { openSessionId, openSession, closeSession } = useOpenSessionParam();
  // The column choice is each person's own, even in a shared browser.
  const personId = useMeQuery().data?.user?.user_id ?? 'token';
  const detail = useSessionQuery(
    openSessionId,
    sessions.data?.sessions.find((session) => session.id === openSessionId),
  );
  // A visitor often has a handful of sessions: the grid is only as tall as they need, up to a screenful.
  const rows = sessions.data?.sessions.length ?? lookup.size;
  const height = Math.min(600, 190 + 56 * Math.max(rows, 3));
  const changePage = (model: GridPaginationModel) =>
    setParams((current) => writeVisitorPage(current, lookup, model.page, model.pageSize));
  return (
    <Box component="section" aria-labelledby="visitor-sessions-heading">
      <Typography variant="h5" component="h2" id="visitor-sessions-heading">
        Sessions{sessions.data ? ` (${formatNumber(sessions.data.total)})` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Times in {timeZone}
      </Typography>
      {sessions.isError ? (
        <ApiErrorAlert error={sessions.error} title="The visitor's sessions could not be loaded" />
      ) : null}
      <SessionsGrid
        label="Sessions of this visitor"
        sessions={sessions.data?.sessions ?? []}
        total={sessions.data?.total ?? 0}
        paginationModel={{ page: lookup.page, pageSize: lookup.size }}
        onPaginationModelChange={changePage}
        loading={sessions.isFetching}
        timeZone={timeZone}
        onOpenSession={(session) => openSession(session.id)}
        columnStorageKey={`sessions-grid.columns.${personId}`}
        emptyState="No sessions on this page."
        sx={{ height }}
      />
      <SessionDrawer
        open={openSessionId !== null}
        session={detail.data}
        error={detail.error}
        timeZone={timeZone}
        onClose={closeSession}
      />
    </Box>
  );
}
