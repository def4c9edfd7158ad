// @vitest-environment jsdom
/** Filtering the sessions: the filters in the address, the website, the e-mail, and clearing them. */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  answerSessionsWith,
  mockSessionsApi,
  renderPage,
  SESSIONS,
  sessionRequests,
  sessionsResponse,
} from './sessions-page-fixtures.tsx';

mockSessionsApi();

describe('SessionsPage', () => {
  it('asks the API for the filters in the address, shown as chips, and leaves out the ones it would refuse', async () => {
    renderPage('/sessions?country=de&has_errors=true&duration_min=30&engagement_min=lots');
    await screen.findByText('1,234 sessions');
    const sent = sessionRequests.at(-1);
    expect(sent?.get('country')).toBe('DE');
    expect(sent?.get('has_errors')).toBe('true');
    expect(sent?.get('duration_min')).toBe('30');
    expect(sent?.has('engagement_min')).toBe(false);
    expect(screen.getByRole('button', { name: 'Country: Germany' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Has errors' })).toBeInTheDocument();
  });

  it('counts a chosen website as a filter, and "Clear filters" clears it with the others, focus moving to "Add filter"', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/sessions?website_id=web_shop&country=DE');
    await screen.findByText('1,234 sessions');
    expect(sessionRequests.at(-1)?.get('website_id')).toBe('web_shop');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(sessionRequests.at(-1)?.has('website_id')).toBe(false));
    expect(sessionRequests.at(-1)?.has('country')).toBe(false);
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/sessions$/);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    // The button went with the filters: focus is on the way to add one again, not lost to the page.
    expect(screen.getByRole('button', { name: 'Add filter' })).toHaveFocus();

    cleanup();
    renderPage('/sessions?website_id=web_shop');
    await screen.findByText('1,234 sessions');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('filters by e-mail once typing pauses, and starts again at the first page', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/sessions?page=3');
    await screen.findByText('1,234 sessions');

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');

    await waitFor(() => expect(sessionRequests.at(-1)?.get('email')).toBe('ana@example.com'));
    expect(sessionRequests.at(-1)?.get('page')).toBe('0');
    expect(sessionRequests.filter((query) => query.has('email'))).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/sessions?email=ana%40example.com');
  });

  it('leaves the focus in a filter reached from the list by keyboard while the rows change under it', async () => {
    answerSessionsWith((query) => {
      const reply = sessionsResponse(query);
      if (!query.has('email')) return reply;
      return { body: { ...(reply.body as object), total: 1, sessions: [SESSIONS[1]] } };
    });
    const user = userEvent.setup({ delay: null });
    renderPage('/sessions');
    const grid = await screen.findByRole('grid', { name: 'Sessions' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(3));
    // A reader who opened the first session and closed it, back in its row, then goes up to the e-mail
    // filter without the mouse.
    await user.click(within(grid).getAllByRole('gridcell')[0]!);
    await screen.findByRole('dialog', { name: 'Session details' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(grid).toContainElement(document.activeElement as HTMLElement));
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    act(() => email.focus());
    await user.keyboard('bo@example.com');

    await waitFor(() => expect(sessionRequests.at(-1)?.get('email')).toBe('bo@example.com'));
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(email).toHaveFocus();
  });
});
