import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme.ts';

/**
 * Renders a component with the app's providers, a fresh query cache (or `queryClient`, to carry one cache
 * from page to page) and an in-memory router.
 */
export function renderWithProviders(ui: ReactElement, options: { route?: string; queryClient?: QueryClient } = {}) {
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    queryClient,
    ...render(
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>,
    ),
  };
}
