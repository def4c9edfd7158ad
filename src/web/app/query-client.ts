import { createQueryClient } from '../lib/query-client.ts';

/**
 * The app's one query cache, shared by the route loaders (which start requests before a page's code has
 * loaded) and the components (which read what the loaders started).
 */
export const queryClient = createQueryClient(() => {
  if (!window.location.pathname.startsWith('/login')) {
    const next = encodeURIComponent(window.location.pathname + window.location.search);
    window.location.assign(`/login?next=${next}`);
  }
});
