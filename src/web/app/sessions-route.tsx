import { SessionsPage } from '../features/sessions/components/sessions-page.tsx';
import { SaveViewButton } from '../features/views/components/save-view-button.tsx';

/** The sessions page with saving as a view: the two features meet here, so neither imports the other. */
export function SessionsRoute() {
  return <SessionsPage renderViewActions={(query) => <SaveViewButton query={query} />} />;
}
