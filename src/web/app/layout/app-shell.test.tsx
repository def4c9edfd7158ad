// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meAs, mockApi } from '../../test/mock-api.ts';
import { theme } from '../theme.ts';
import { AppShell } from './app-shell.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

function renderShell(at = '/sessions') {
  const me = meAs('admin');
  mockApi({ 'GET /v1/auth/me': { body: me }, 'GET /v1/websites': { body: [] } });
  const queryClient = new QueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <AppShell me={me} />,
        children: [
          { path: 'sessions', element: <h1>Sessions</h1> },
          {
            path: 'alerts',
            element: (
              <>
                <h1>Alerts</h1>
                <button type="button">New alert</button>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

describe('AppShell for keyboards', () => {
  it('offers "Skip to content" first, which jumps past the app bar and the navigation', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('keeps the app bar above the navigation, which scrolls under it rather than over it', async () => {
    renderShell();
    const bar = await screen.findByRole('banner');
    const papers = [...document.querySelectorAll<HTMLElement>('.MuiDrawer-paper')];
    expect(papers.length).toBeGreaterThan(0);
    // The theme writes its layers as CSS variables, which this DOM does not resolve.
    const layer = (element: HTMLElement) =>
      Number(
        getComputedStyle(element).zIndex.replace(/^var\(--mui-zIndex-(\w+)\)$/, (_all, name: string) =>
          String(theme.zIndex[name as keyof typeof theme.zIndex]),
        ),
      );
    for (const paper of papers) expect(layer(bar)).toBeGreaterThan(layer(paper));
  });

  it('moves focus to the new page’s heading when a navigation link is followed', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click((await screen.findAllByRole('link', { name: 'Alerts' }))[0]!);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Alerts' })).toHaveFocus());
  });
});

describe('AppShell navigation', () => {
  it('brings back the last sessions filters through the navigation, without an open drawer', async () => {
    const user = userEvent.setup();
    const router = renderShell('/sessions?date_from=TODAY&tz=UTC&session=ses_1');
    await user.click((await screen.findAllByRole('link', { name: 'Alerts' }))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/alerts'));
    await user.click(screen.getAllByRole('link', { name: 'Sessions' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?date_from=TODAY&tz=UTC'));
  });

  it('offers the website switcher on sessions but not on alerts, which belong to the whole account', async () => {
    renderShell('/sessions');
    expect(await screen.findByRole('combobox', { name: 'Website' })).toBeInTheDocument();
    cleanup();
    renderShell('/alerts');
    await screen.findAllByRole('link', { name: 'Alerts' });
    expect(screen.queryByRole('combobox', { name: 'Website' })).not.toBeInTheDocument();
  });
});
