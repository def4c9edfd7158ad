// @vitest-environment jsdom
/** Choosing dates: the presets, loading one the pointer rests on, and a wider range when nothing matches. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import {
  answerSessionsWith,
  mockSessionsApi,
  renderPage,
  sessionRequests,
  sessionsResponse,
} from './sessions-page-fixtures.tsx';

mockSessionsApi();

describe('SessionsPage', () => {
  it('asks for the last 7 days, and puts it in the address, when that preset is chosen', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText('Showing all time; times in UTC')).toBeInTheDocument();
    expect(sessionRequests.at(-1)?.has('date_from')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Dates' }));
    await user.click(screen.getByRole('option', { name: 'Last 7 days' }));

    await waitFor(() => expect(sessionRequests.at(-1)?.get('date_from')).toBe('TODAY-7DAYS'));
    expect(sessionRequests.at(-1)?.get('tz')).toBe('UTC');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('date_from=TODAY-7DAYS');
    expect(await screen.findByText('Showing 15 Nov 2026 00:00 – now, UTC')).toBeInTheDocument();
  });

  it('starts loading a preset the pointer rests on, and choosing it shows those rows without asking again', async () => {
    const user = userEvent.setup({ delay: null });
    // The app's cache, whose answers stay fresh for a while (the tests' own default refetches on every mount).
    renderPage(
      '/sessions',
      createQueryClient(() => undefined),
    );
    expect(await screen.findByText('Showing all time; times in UTC')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Dates' }));
    await user.hover(screen.getByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(sessionRequests.at(-1)?.get('date_from')).toBe('TODAY-7DAYS'));
    // Only pointing at it: the list and the address (behind the open menu) still show all time.
    expect(screen.getByRole('status', { name: 'Address', hidden: true })).not.toHaveTextContent('date_from');
    expect(screen.getByText('Showing all time; times in UTC')).toBeInTheDocument();
    const asked = sessionRequests.length;

    await user.click(screen.getByRole('option', { name: 'Last 7 days' }));
    expect(await screen.findByText('Showing 15 Nov 2026 00:00 – now, UTC')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('date_from=TODAY-7DAYS');
    expect(sessionRequests.length).toBe(asked);
  });

  it('suggests a wider date range when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    answerSessionsWith(() => ({
      body: {
        total: 0,
        page: { num: 0, size: 25 },
        sessions: [],
        date_range: { from: '2026-11-22T00:00:00.000Z', to: null, tz: 'UTC' },
      },
    }));
    renderPage('/sessions?date_from=TODAY&tz=UTC');

    expect(await screen.findByText('No sessions match these filters')).toBeInTheDocument();
    expect(screen.getByText('0 sessions')).toBeInTheDocument();
    answerSessionsWith(sessionsResponse);
    await user.click(screen.getByRole('button', { name: 'Show all time' }));
    await waitFor(() => expect(sessionRequests.at(-1)?.has('date_from')).toBe(false));
  });
});
