// @vitest-environment jsdom
/** The list's columns: sorting on the server by a header, their order, and each person's choice of them. */
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meQueryOptions } from '../../../lib/api/me-query.ts';
import { type MockReply, mockApi } from '../../../test/mock-api.ts';
import {
  answerSessionsWith,
  ME,
  mockSessionsApi,
  renderPage,
  lastPageRequest,
  sessionsResponse,
  signInAs,
} from './sessions-page-fixtures.tsx';

mockSessionsApi();

/** Where this browser keeps its copy of the signed-in person's choice of columns. */
const COLUMNS_COPY = `sessions-grid.columns.${ME.user.user_id}`;

/** Answers the API with the person's saved columns held back; the function returned answers them. */
function holdSavedColumns(): (columns: Record<string, boolean>) => void {
  let answer: (reply: MockReply) => void = () => undefined;
  mockApi({
    'GET /v1/auth/me': { body: ME },
    'GET /v1/sessions': ({ query }) => sessionsResponse(query),
    'GET /v1/preferences/session-columns': () =>
      new Promise<MockReply>((resolve) => {
        answer = resolve;
      }),
  });
  return (columns) => answer({ body: { columns, updated_at: 1_795_000_000 } });
}

describe('SessionsPage', () => {
  it('sorts on the server by a clicked column header, longest first, then shortest, from the first page', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/sessions?page=3');
    await screen.findByText('1,234 sessions');
    expect(lastPageRequest()?.has('sort')).toBe(false);
    expect(screen.getByText('Sorted by start time, newest first')).toBeInTheDocument();

    await user.click(screen.getByRole('columnheader', { name: /Duration/ }));
    await waitFor(() => expect(lastPageRequest()?.get('sort')).toBe('-duration'));
    expect(lastPageRequest()?.get('page')).toBe('0');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/sessions?sort=-duration');
    expect(await screen.findByText('Sorted by duration, longest first')).toBeInTheDocument();

    await user.click(screen.getByRole('columnheader', { name: /Duration/ }));
    await waitFor(() => expect(lastPageRequest()?.get('sort')).toBe('duration'));
    expect(await screen.findByText('Sorted by duration, shortest first')).toBeInTheDocument();
  });

  it('sorts by active time from its own column, and says so', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('1,234 sessions');
    await user.click(screen.getByRole('columnheader', { name: /Active time/ }));
    await waitFor(() => expect(lastPageRequest()?.get('sort')).toBe('-active_time'));
    expect(screen.getByRole('columnheader', { name: /Active time/ })).toHaveAttribute('aria-sort', 'descending');
    expect(await screen.findByText('Sorted by active time, longest first')).toBeInTheDocument();
    cleanup();

    renderPage('/sessions?sort=engagement');
    await screen.findByText('1,234 sessions');
    expect(screen.getByRole('columnheader', { name: /Engagement/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('Sorted by engagement, lowest first')).toBeInTheDocument();
  });

  it('sorts by error clicks from their header, highest first, then lowest', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('1,234 sessions');
    await user.click(screen.getByRole('columnheader', { name: /Error clicks/ }));
    await waitFor(() => expect(lastPageRequest()?.get('sort')).toBe('-error_clicks'));
    expect(await screen.findByText('Sorted by error clicks, highest first')).toBeInTheDocument();
    await user.click(screen.getByRole('columnheader', { name: /Error clicks/ }));
    await waitFor(() => expect(lastPageRequest()?.get('sort')).toBe('error_clicks'));
    expect(screen.getByRole('columnheader', { name: /Error clicks/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('opens a link with a sort sorted, and ignores a sort the server does not know', async () => {
    renderPage('/sessions?sort=-rage_clicks');
    await screen.findByText('1,234 sessions');
    expect(lastPageRequest()?.get('sort')).toBe('-rage_clicks');
    expect(screen.getByRole('columnheader', { name: /Rage clicks/ })).toHaveAttribute('aria-sort', 'descending');
    cleanup();
    renderPage('/sessions?sort=visitor');
    await screen.findByText('1,234 sessions');
    expect(lastPageRequest()?.has('sort')).toBe(false);
  });

  it('puts the frustration signals and engagement right after the visitor', async () => {
    renderPage();
    await screen.findByText('1,234 sessions');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.slice(0, 8)).toEqual([
      'Start time',
      'Replay',
      'Duration',
      'Visitor',
      'Errors',
      'Rage clicks',
      'Error clicks',
      'Engagement',
    ]);
  });

  it('shows the choice of columns the person saved in another browser, and saves a change for the next one', async () => {
    let saved: Record<string, boolean> = { engagment_score: false, tags: true };
    const requests = mockApi({
      'GET /v1/auth/me': { body: ME },
      'GET /v1/sessions': ({ query }) => sessionsResponse(query),
      'GET /v1/preferences/session-columns': () => ({ body: { columns: saved, updated_at: 1_795_000_000 } }),
      'PUT /v1/preferences/session-columns': ({ body }) => {
        saved = (body as { columns: Record<string, boolean> }).columns;
        return { body: { columns: saved, updated_at: 1_795_000_100 } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('1,234 sessions');
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Engagement/ })).not.toBeInTheDocument());
    expect(screen.getByRole('columnheader', { name: /Tags/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Errors' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /^Errors/ })).not.toBeInTheDocument());
    // Columns are chosen one by one: no "hide all" to save an empty list, no Reset to the page's first choice.
    expect(screen.queryByRole('checkbox', { name: /Show\/Hide All/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    await waitFor(() => expect(saved).toMatchObject({ engagment_score: false, tags: true, errors: false }));
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('holds the rows, in a browser that has no copy of the choice, until the saved columns arrive', async () => {
    window.localStorage.clear();
    const answer = holdSavedColumns();
    renderPage();
    await screen.findByText('1,234 sessions');
    expect(screen.queryAllByRole('gridcell')).toHaveLength(0);

    answer({ engagment_score: false });
    await waitFor(() => expect(screen.getAllByRole('gridcell').length).toBeGreaterThan(0));
    expect(screen.queryByRole('columnheader', { name: /Engagement/ })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Errors/ })).toBeInTheDocument();
  });

  it("waits for the saved columns rather than showing this browser's copy when the copy is out of date", async () => {
    // This browser last saw Engagement hidden; since then the person hid Tags instead, elsewhere.
    window.localStorage.setItem(COLUMNS_COPY, JSON.stringify({ engagment_score: false }));
    const answer = holdSavedColumns();
    renderPage();
    await screen.findByText('1,234 sessions');
    expect(screen.queryAllByRole('gridcell')).toHaveLength(0);

    answer({ tags: false });
    await waitFor(() => expect(screen.getAllByRole('gridcell').length).toBeGreaterThan(0));
    expect(screen.getByRole('columnheader', { name: /Engagement/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Tags/ })).not.toBeInTheDocument();
  });

  it("shows the rows under this browser's copy of the columns when the saved choice is slow to come", async () => {
    window.localStorage.setItem(COLUMNS_COPY, JSON.stringify({ engagment_score: false }));
    mockApi({
      'GET /v1/auth/me': { body: ME },
      'GET /v1/sessions': ({ query }) => sessionsResponse(query),
      'GET /v1/preferences/session-columns': () => new Promise<MockReply>(() => undefined),
    });
    renderPage();
    await screen.findByText('1,234 sessions');
    await waitFor(() => expect(screen.getAllByRole('gridcell').length).toBeGreaterThan(0), { timeout: 3_000 });
    expect(screen.queryByRole('columnheader', { name: /Engagement/ })).not.toBeInTheDocument();
  });

  it("keeps each person's choice of columns, even in a shared browser", async () => {
    // The app's route loaders know who is signed in before the page renders; the choice is filed under them.
    const signedIn = async () => {
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
      });
      await queryClient.prefetchQuery(meQueryOptions());
      return queryClient;
    };
    const user = userEvent.setup({ delay: null });
    renderPage('/sessions', await signedIn());
    await screen.findByText('1,234 sessions');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Engagement' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Engagement/ })).not.toBeInTheDocument());
    cleanup();

    signInAs({ ...ME, user: { ...ME.user, user_id: 'usr_2', email: 'colleague@demo.example' } });
    renderPage('/sessions', await signedIn());
    await screen.findByText('1,234 sessions');
    expect(screen.getByRole('columnheader', { name: /Engagement/ })).toBeInTheDocument();
    cleanup();

    signInAs(ME);
    renderPage('/sessions', await signedIn());
    await screen.findByText('1,234 sessions');
    expect(screen.queryByRole('columnheader', { name: /Engagement/ })).not.toBeInTheDocument();
  });

  it('shows the last page for a link past the end, and puts it in the address', async () => {
    // 1,234 sessions: the last page of 25 is page 49; past it the server answers the total and no rows.
    answerSessionsWith((query) => {
      const reply = sessionsResponse(query);
      return Number(query.get('page')) > 49 ? { body: { ...(reply.body as object), sessions: [] } } : reply;
    });
    renderPage('/sessions?page=900');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/sessions?page=49'));
    await waitFor(() => expect(lastPageRequest()?.get('page')).toBe('49'));
    expect(await screen.findByText(/1,?226–1,?234 of 1,?234/)).toBeInTheDocument();
  });
});
