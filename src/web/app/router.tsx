import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageLoading } from '../components/feedback/page-loading.tsx';
import { RouteError } from '../components/feedback/route-error.tsx';
import { preloadWhenIdle, sessionLoader, sessionsLoader, signedInLoader } from './route-loaders.ts';

const loadSignedInShell = () => import('./require-auth.tsx');
const loadSessionsRoute = () => import('./sessions-route.tsx');

/**
 * Every page is its own chunk, loaded when first visited. Loaders live here, outside the chunks, so a
 * page's data is requested at once, in parallel with its code.
 */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: '/login',
      HydrateFallback: PageLoading,
      // Sign-in almost always leads to the sessions list: its code loads while the person types, so after
      // signing in only the list's data is waited for.
      loader: () => preloadWhenIdle([loadSignedInShell, loadSessionsRoute]),
      lazy: async () => ({ Component: (await import('../features/auth/components/login-page.tsx')).LoginPage }),
    },
    {
      path: '/set-password',
      HydrateFallback: PageLoading,
      lazy: async () => ({
        Component: (await import('../features/auth/components/set-password-page.tsx')).SetPasswordPage,
      }),
    },
    {
      path: '/',
      HydrateFallback: PageLoading,
      loader: signedInLoader(queryClient),
      lazy: async () => ({ Component: (await loadSignedInShell()).RequireAuth }),
      ErrorBoundary: RouteError,
      children: [
        { index: true, element: <Navigate to="/sessions" replace /> },
        {
          path: 'sessions',
          loader: sessionsLoader(queryClient),
          // The loader starts the list while the page's code loads, on the way in. Once the page is
          // shown, it asks for each page, filter and order itself (pinned to the list it loaded): asking
          // again here would fetch each page twice, once as the list stands now.
          shouldRevalidate: () => false,
          lazy: async () => ({ Component: (await loadSessionsRoute()).SessionsRoute }),
        },
        {
          path: 'sessions/:sessionId',
          loader: sessionLoader(queryClient),
          lazy: async () => ({
            Component: (await import('../features/sessions/components/session-page.tsx')).SessionPage,
          }),
        },
        {
          path: 'visitors',
          lazy: async () => ({
            Component: (await import('../features/visitors/components/visitor-page.tsx')).VisitorPage,
          }),
        },
        {
          path: 'alerts',
          lazy: async () => ({
            Component: (await import('../features/notifications/components/alerts/alerts-page.tsx')).AlertsPage,
          }),
        },
        {
          path: 'webhooks',
          lazy: async () => ({
            Component: (await import('../features/notifications/components/webhooks/webhooks-page.tsx')).WebhooksPage,
          }),
        },
        {
          path: 'settings',
          lazy: async () => ({
            Component: (await import('../features/settings/components/settings-page.tsx')).SettingsPage,
          }),
        },
        {
          path: '*',
          lazy: async () => ({
            Component: (await import('../components/feedback/not-found-page.tsx')).NotFoundPage,
          }),
        },
      ],
    },
  ]);
}
