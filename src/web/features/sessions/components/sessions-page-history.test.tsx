// @vitest-environment jsdom
/** The list's steps in the browser's history: back and forward restore each page and sort as it was. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lastPageRequest, mockSessionsApi, renderPage } from './sessions-page-fixtures.tsx';

mockSessionsApi();

/** Lets the grid's own timers run, as a browser would between a step back and the next click. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('SessionsPage', () => {
  it('goes back from a sort chosen on a later page to that page, and forward to the sort again', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/sessions?device=tablet&page=2');
    await screen.findByText('1,234 sessions');
    const address = screen.getByRole('status', { name: 'Address' });

    await user.click(screen.getByRole('columnheader', { name: /Duration/ }));
    await waitFor(() => expect(address).toHaveTextContent('/sessions?sort=-duration&device=tablet'));
    await settle();

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(lastPageRequest()?.has('sort')).toBe(false));
    await settle();
    expect(address).toHaveTextContent(/^\/sessions\?device=tablet&page=2$/);
    expect(lastPageRequest()?.get('page')).toBe('2');
    expect(screen.getByRole('columnheader', { name: /Duration/ })).not.toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Browser forward' }));
    await waitFor(() => expect(address).toHaveTextContent('/sessions?sort=-duration&device=tablet'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Duration/ })).toHaveAttribute('aria-sort', 'descending'),
    );
    await settle();
    expect(address).toHaveTextContent(/^\/sessions\?sort=-duration&device=tablet$/);
  });
});
