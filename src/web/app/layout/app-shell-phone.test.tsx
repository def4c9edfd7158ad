// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Website } from '../../../api/client/types.gen.ts';
import { meAs, mockApi } from '../../test/mock-api.ts';
import { theme } from '../theme.ts';
import { AppShell } from './app-shell.tsx';

const SHOP: Website = {
  website_id: 'web_shop',
  host: 'shop.acme.com',
  name: 'Acme Shop',
  public_key: 'pk_shop',
  snippet: '<script async src="https://sa.example/t.js" data-key="pk_shop"></script>',
};

beforeEach(() => {
  // A phone: every "narrower than" breakpoint query matches.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderShell(at: string) {
  const me = meAs('admin');
  mockApi({ 'GET /v1/auth/me': { body: me }, 'GET /v1/websites': { body: [SHOP] } });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <AppShell me={me} />,
        children: [
          { path: 'sessions', element: <h1>Sessions</h1> },
          { path: 'visitors', element: <h1>Visitor</h1> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

describe('AppShell on a phone', () => {
  it('keeps the search behind a button, which opens it focused and closes it again', async () => {
    const user = userEvent.setup();
    renderShell('/sessions');
    const label = 'Find a visitor by name, e-mail, visitor id or session link';
    expect(screen.queryByRole('combobox', { name: label })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Find a visitor' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: label })).toHaveFocus();

    await user.click(toggle);
    expect(screen.queryByRole('combobox', { name: label })).not.toBeInTheDocument();
  });

  it('folds the website switcher into a menu that says which website is shown and changes it', async () => {
    const user = userEvent.setup();
    const router = renderShell('/sessions?page=3');
    expect(screen.queryByRole('combobox', { name: 'Website' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Website: All websites' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Acme Shop' }));

    expect(router.state.location.search).toBe('?website_id=web_shop');
    expect(await screen.findByRole('button', { name: 'Website: Acme Shop' })).toBeInTheDocument();
  });
});
