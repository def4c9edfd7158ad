import { createBrowserRouter, Navigate } from 'react-router';
import { RouteError } from '../components/feedback/route-error.tsx';

/** Every page is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    path: '/login',
    lazy: async () => ({ Component: (await import('../features/auth/components/login-page.tsx')).LoginPage }),
  },
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./require-auth.tsx')).RequireAuth }),
    ErrorBoundary: RouteError,
    children: [
      { index: true, element: <Navigate to="/sessions" replace /> },
      {
        path: 'sessions',
        lazy: async () => ({
          Component: (await import('../features/sessions/components/sessions-page.tsx')).SessionsPage,
        }),
      },
      {
        path: 'sessions/:sessionId',
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
        lazy: async () => ({ Component: (await import('../features/alerts/components/alerts-page.tsx')).AlertsPage }),
      },
      {
        path: 'webhooks',
        lazy: async () => ({
          Component: (await import('../features/webhooks/components/webhooks-page.tsx')).WebhooksPage,
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
        lazy: async () => ({ Component: (await import('../components/feedback/not-found-page.tsx')).NotFoundPage }),
      },
    ],
  },
]);
