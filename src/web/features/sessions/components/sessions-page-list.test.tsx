// @vitest-environment jsdom
/**
 * The sessions list: the sessions with their total and the range the server used, a hand-edited link's parts
 * left out, paging, a failure, and a session's drawer (sessions that arrive: sessions-page-new-sessions.test.tsx).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { getSessionsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { errorReply } from '../../../test/mock-api.ts';
import {
  SESSIONS,
  answerSessionsWith,
  mockSessionsApi,
  renderPage,
  sessionRequests,
} from './sessions-page-fixtures.tsx';

mockSessionsApi();

describe('SessionsPage', () => {
  it('shows the sessions, the total and the exact range the server used', async () => {
    renderPage('/sessions?date_from=TODAY&tz=America%2FNew_York');

    expect(screen.getByRole('heading', { level: 1, name: 'Sessions' })).toBeInTheDocument();
    expect(await screen.findByText('Ana Lima · ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('Anonymous visitor')).toBeInTheDocument();
    expect(screen.getByText('1,234 sessions')).toBeInTheDocument();
    expect(screen.getByText('Showing 22 Nov 2026 00:00 – now, America/New_York')).toBeInTheDocument();
    expect(screen.getByText('22 Nov 2026, 04:30:00')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Dates' })).toHaveTextContent('Today');
    expect(sessionRequests[0]?.get('date_from')).toBe('TODAY');
    expect(sessionRequests[0]?.get('tz')).toBe('America/New_York');
  });

  it('says which parts of a hand-edited link it left out, and takes them out of the address on request', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/sessions?device=mobile&engagement_min=200&tz=Mars%2FOlympus');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'This link has parts the list cannot read, left out: engagement_min=200 (not a score from 0 to 100), tz=Mars/Olympus (not a time zone).',
    );
    expect(sessionRequests[0]?.get('device')).toBe('mobile');
    expect(sessionRequests[0]?.has('engagement_min')).toBe(false);

    await user.click(within(notice).getByRole('button', { name: 'Remove them' }));
    await waitFor(() => expect(screen.queryByText(/cannot read/)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Device: Mobile' })).toBeInTheDocument();
    // The notice went: focus is on the count of the list as it now stands.
    expect(screen.getByText('1,234 sessions').closest('[role="status"]')).toHaveFocus();
  });

  it('shows a control character in a part it left out as the symbol for it', async () => {
    renderPage('/sessions?visitor_id=%00abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has a part the list cannot read, left out: visitor_id=\u2400abc (holds a NUL character).',
    );
    expect(sessionRequests[0]?.has('visitor_id')).toBe(false);
  });

  it('leaves out a date it cannot send, with the same notice, and lists the sessions without it', async () => {
    renderPage('/sessions?date_from=garbage&date_to=TODAY');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'This link has a part the list cannot read, left out: date_from=garbage (not a date).',
    );
    expect(sessionRequests[0]?.has('date_from')).toBe(false);
    expect(sessionRequests[0]?.get('date_to')).toBe('TODAY');
    expect(await screen.findByText('Ana Lima · ana@example.com')).toBeInTheDocument();
  });

  it('leaves out a relative date_to before date_from, names why, and lists from date_from on', async () => {
    renderPage('/sessions?date_from=TODAY&date_to=YESTERDAY');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'This link has a part the list cannot read, left out: date_to=YESTERDAY (before date_from).',
    );
    expect(sessionRequests[0]?.get('date_from')).toBe('TODAY');
    expect(sessionRequests[0]?.has('date_to')).toBe(false);
    expect(await screen.findByText('Ana Lima · ana@example.com')).toBeInTheDocument();
  });

  it('counts the pages against the true total, and stops offering pages where the API stops serving them', async () => {
    answerSessionsWith((query) => ({
      body: { total: 1_000_000, page: { num: Number(query.get('page') ?? 0), size: 25 }, sessions: SESSIONS },
    }));
    renderPage('/sessions?page=10000');

    expect(await screen.findByText('250,001–250,025 of 1,000,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeEnabled();
  });

  it('shows a failure with the request id to quote', async () => {
    answerSessionsWith(() =>
      errorReply(400, 'validation_error', 'invalid_date_range', 'date_from must not be after date_to', 'date_from'),
    );
    renderPage('/sessions?date_from=YESTERDAY&date_to=TODAY');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sessions could not be loaded');
    expect(alert).toHaveTextContent('date_from must not be after date_to');
    expect(alert).toHaveTextContent('req_test123');
  });

  it('does not ask again, as the page opens, what the server refused on the way in', async () => {
    answerSessionsWith(() =>
      errorReply(400, 'validation_error', 'invalid_date_range', 'date_from must not be after date_to', 'date_from'),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // As the route does while the page's code loads.
    await queryClient.prefetchQuery(
      getSessionsOptions({
        query: { page: 0, size: 25, date_from: 'YESTERDAY', date_to: 'TODAY', tz: 'Europe/London' },
      }),
    );
    expect(sessionRequests).toHaveLength(1);
    renderPage('/sessions?date_from=YESTERDAY&date_to=TODAY&tz=Europe%2FLondon', queryClient);

    expect(await screen.findByRole('alert')).toHaveTextContent('date_from must not be after date_to');
    expect(sessionRequests).toHaveLength(1);
  });

  it('opens a session in a drawer with its details and the way to the visitor', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByText('Ana Lima · ana@example.com'));

    const drawer = await screen.findByRole('dialog', { name: 'Session details' });
    expect(within(drawer).getByText('http://localhost:3457/sessions/ses_01J9Z8Q4')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'All sessions of this visitor' })).toHaveAttribute(
      'href',
      '/visitors?visitor_id=vis_ana',
    );
    expect(within(drawer).getByRole('heading', { level: 3, name: 'Campaign (UTM)' })).toBeInTheDocument();
    expect(within(drawer).getByText('winter-sale')).toBeInTheDocument();
    // The modal drawer hides the page behind it from assistive technology, hence `hidden`.
    expect(screen.getByRole('status', { name: 'Address', hidden: true })).toHaveTextContent('session=ses_01J9Z8Q4');

    await user.click(within(drawer).getByRole('button', { name: 'Close session details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'Address' })).not.toHaveTextContent('session=');
    // A keyboard user carries on from the row that opened it.
    await waitFor(() =>
      expect(document.activeElement?.closest('[role="row"]')).toHaveAttribute('data-id', 'ses_01J9Z8Q4'),
    );
  });
});
