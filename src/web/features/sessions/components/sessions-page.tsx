import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEventCallback } from '@mui/material/utils';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { Session } from '../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { OfflineNotice } from '../../../components/feedback/offline-notice.tsx';
import { SessionDrawer } from '../../../components/sessions/session-drawer.tsx';
import { SessionsGrid } from '../../../components/sessions/sessions-grid.tsx';
import { useOpenSessionParam } from '../../../components/sessions/use-open-session-param.ts';
import { useCanReadSessions } from '../../../components/sessions/use-can-read-sessions.ts';
import { useSessionQuery } from '../../../components/sessions/use-session-query.ts';
import { sortFromSortModel, sortModelFromSort } from '../../../components/sessions/session-sort.ts';
import { useMeQuery } from '../../../lib/api/me-query.ts';
import { useSessionsList } from '../api/use-sessions-list.ts';
import {
  DEFAULT_PAGE_SIZE,
  lastPageOf,
  PAGE_SIZES,
  toSavedViewQuery,
  toSessionsQuery,
} from '../lib/sessions-search-params.ts';
import { useSessionsView } from '../lib/use-sessions-view.ts';
import { ExportCsvButton } from './export-csv-button.tsx';
import { FiltersPanel } from './filters-panel.tsx';
import { NewSessionsNotice } from './new-sessions-notice.tsx';
import { UnreadLinkNotice } from './unread-link-notice.tsx';
import { activeFilterCount, SessionsFilters } from './sessions-filters.tsx';
import { SessionsEmptyState } from './sessions-empty-state.tsx';
import { SessionsSummary } from './sessions-summary.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const NO_SESSIONS: Session[] = [];
const GRID_SIZE = { height: { xs: 520, sm: 'max(440px, calc(100vh - 330px))' } };

interface SessionsPageProps {
  /** Actions on the list as it is filtered and sorted (saving it as a view), given the view's parameters. */
  renderViewActions?: (query: Record<string, string>) => ReactNode;
}

/** The sessions list: filters, the exact range used, a server-paged grid, and a details drawer. */
export function SessionsPage({ renderViewActions }: SessionsPageProps) {
  useDocumentTitle('Sessions');
  const canRead = useCanReadSessions();
  if (canRead === false) {
    return (
      <PageHeader>
        <Alert severity="info" sx={{ width: '100%' }}>
          Your role does not include reading sessions. Ask an admin if you need them.
        </Alert>
      </PageHeader>
    );
  }
  return <SessionsList renderViewActions={renderViewActions} />;
}

function PageHeader({ children }: { children?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: 1,
        mb: 2,
      }}
    >
      <Typography variant="h4" component="h1">
        Sessions
      </Typography>
      {children}
    </Box>
  );
}

function SessionsList({ renderViewActions }: SessionsPageProps) {
  const { view, changeView } = useSessionsView();
  const query = useMemo(() => toSessionsQuery(view), [view]);
  const { sessions, shownQuery, newCount, showNew } = useSessionsList(query);
  const { openSessionId, openSession, closeSession } = useOpenSessionParam();
  // The column choice is each person's own, even in a shared browser.
  const personId = useMeQuery().data?.user?.user_id ?? 'token';
  const detail = useSessionQuery(
    openSessionId,
    sessions.data?.sessions.find((session) => session.id === openSessionId),
  );
  // The export takes the sessions the list holds, not those that arrived since.
  const { page: _page, size: _size, ...exportFilter } = shownQuery;

  // The grid is the costliest part of the page: its props stay the same objects unless they change, so it
  // renders again only for new rows, a new page or sort, not for the drawer opening or the menus closing.
  // The grid goes back to its first page whenever its sort changes, even when the address changed it (a step
  // back to a later page of another sort), a moment later. The view already holds the page that goes with
  // each sort, so that first move after a new sort is not the person's and is let pass; paging on is.
  const gridWillReset = useRef(false);
  const summary = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    gridWillReset.current = true;
  }, [view.sort]);
  const changePage = useEventCallback((model: GridPaginationModel) => {
    const reset = gridWillReset.current && model.page === 0 && model.pageSize === view.size;
    gridWillReset.current = false;
    if (reset) return;
    changeView({ page: model.page, size: PAGE_SIZES.find((size) => size === model.pageSize) ?? DEFAULT_PAGE_SIZE });
  });
  const changeSort = useEventCallback((model: GridSortModel) => changeView({ sort: sortFromSortModel(model) }));
  const openListedSession = useEventCallback((session: Session) => openSession(session.id));
  // A page past the end (an old link, or sessions deleted since) shows the last page instead, in the address too.
  const loadedTotal = sessions.isSuccess && !sessions.isPlaceholderData ? sessions.data.total : undefined;
  const page = loadedTotal === undefined ? view.page : Math.min(view.page, lastPageOf(loadedTotal, view.size));
  useEffect(() => {
    if (page !== view.page) changeView({ page }, { replace: true });
  }, [page, view.page, changeView]);
  const paginationModel = useMemo(() => ({ page, pageSize: view.size }), [page, view.size]);
  const sortModel = useMemo(() => sortModelFromSort(view.sort), [view.sort]);
  const widenDates = useEventCallback(() => changeView({ dateFrom: '', dateTo: '' }));
  const noSessionsYet = useMemo(
    () =>
      sessions.isError ? (
        'Nothing to show: the list could not be loaded.'
      ) : (
        <SessionsEmptyState view={view} onWiden={widenDates} />
      ),
    [sessions.isError, view, widenDates],
  );

  return (
    <>
      <PageHeader>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {renderViewActions?.(toSavedViewQuery(view))}
          <ExportCsvButton filter={exportFilter} timeZone={view.timeZone} />
        </Box>
      </PageHeader>
      <FiltersPanel activeCount={activeFilterCount(view)}>
        <SessionsFilters view={view} onChange={changeView} />
      </FiltersPanel>
      <UnreadLinkNotice
        view={view}
        onRemove={() => {
          changeView({}, { replace: true });
          // The notice goes: focus moves to the count of the list as it now stands.
          summary.current?.focus();
        }}
      />
      <OfflineNotice
        waiting={sessions.fetchStatus === 'paused'}
        showingPrevious={sessions.data !== undefined}
        what="sessions"
      />
      {sessions.isError ? null : (
        <SessionsSummary
          ref={summary}
          data={sessions.data}
          timeZone={view.timeZone}
          stale={sessions.isPlaceholderData}
          fetching={sessions.isFetching}
        />
      )}
      {sessions.isError ? (
        <Box sx={{ mb: 2 }}>
          <ApiErrorAlert error={sessions.error} title="Sessions could not be loaded" />
        </Box>
      ) : null}
      <Box sx={{ position: 'relative' }}>
        <NewSessionsNotice
          count={newCount}
          onShow={() => {
            showNew();
            // From the top: the new sessions are there in time order, and a later page would only shift.
            if (view.page > 0) changeView({ page: 0 });
            // The notice goes: focus moves to the count, which says how many there are now.
            summary.current?.focus();
          }}
        />
        <SessionsGrid
          label="Sessions"
          sessions={sessions.data?.sessions ?? NO_SESSIONS}
          total={sessions.data?.total ?? 0}
          paginationModel={paginationModel}
          onPaginationModelChange={changePage}
          loading={sessions.isFetching}
          timeZone={view.timeZone}
          onOpenSession={openListedSession}
          columnStorageKey={`sessions-grid.columns.${personId}`}
          sortModel={sortModel}
          onSortModelChange={changeSort}
          emptyState={noSessionsYet}
          sx={GRID_SIZE}
        />
      </Box>
      <SessionDrawer
        open={openSessionId !== null}
        session={detail.data}
        error={detail.error}
        timeZone={view.timeZone}
        onClose={closeSession}
      />
    </>
  );
}
