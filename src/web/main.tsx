import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { z } from 'zod';
import { AppProviders } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { configureApiClient } from './lib/api-client.ts';

// The page's Content-Security-Policy forbids eval: zod would probe for it with new Function on first use.
z.config({ jitless: true });
configureApiClient();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createAppRouter(queryClient)} />
    </AppProviders>
  </StrictMode>,
);
