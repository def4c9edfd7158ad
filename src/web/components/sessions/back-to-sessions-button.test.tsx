// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { BackToSessionsButton } from './back-to-sessions-button.tsx';
import { OPEN_SESSION_PARAM } from './use-open-session-param.ts';

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

describe('BackToSessionsButton', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('goes back to the list with the filters, sort and page it was left with, the drawer closed', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <>
        <Routes>
          <Route
            path="/sessions"
            element={
              <>
                <BackToSessionsButton />
                <Link to="/sessions/s_1">Open session page</Link>
              </>
            }
          />
          <Route path="/sessions/:id" element={<BackToSessionsButton />} />
        </Routes>
        <Address />
      </>,
      { route: `/sessions?country=DE&sort=-duration&page=1&${OPEN_SESSION_PARAM}=s_1` },
    );
    await user.click(screen.getByRole('link', { name: 'Open session page' }));
    const back = screen.getByRole('link', { name: 'Back to sessions' });
    expect(back).toHaveAttribute('href', '/sessions?country=DE&sort=-duration&page=1');
    await user.click(back);
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(
      '/sessions?country=DE&sort=-duration&page=1',
    );
  });

  it('goes to the whole list from a page opened directly', () => {
    renderWithProviders(
      <Routes>
        <Route path="/sessions/:id" element={<BackToSessionsButton />} />
      </Routes>,
      { route: '/sessions/s_1' },
    );
    expect(screen.getByRole('link', { name: 'Back to sessions' })).toHaveAttribute('href', '/sessions');
  });
});
