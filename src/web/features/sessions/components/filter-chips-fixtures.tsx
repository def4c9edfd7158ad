import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { Website } from '../../../../api/client/types.gen.ts';
import { useSessionsView } from '../lib/use-sessions-view.ts';
import { SessionsFilters } from './sessions-filters.tsx';

/** The filters as the sessions page shows them, with the address they write. */
export function Harness() {
  const { view, changeView } = useSessionsView();
  const location = useLocation();
  return (
    <>
      <SessionsFilters view={view} onChange={changeView} />
      <output aria-label="Address">{location.search}</output>
    </>
  );
}

export const address = () =>
  new URLSearchParams(screen.getByRole('status', { name: 'Address', hidden: true }).textContent);

export async function addFilter(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: 'Add filter' }));
  await user.click(screen.getByRole('menuitem', { name }));
  return screen.getByRole('dialog', { name: `Filter: ${name}` });
}

export const website = (id: string, name: string): Website => ({
  website_id: id,
  host: `${name.toLowerCase()}.example.com`,
  name,
  public_key: `pk_${id}`,
  snippet: '',
  last_event_at: null,
});
