// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchVisitorsResponse } from '../../../../api/client/types.gen.ts';
import { meAs, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { VisitorSearch } from './visitor-search.tsx';

const PEOPLE: SearchVisitorsResponse['visitors'] = [
  {
    id: 'vis_ana',
    name: 'Ana Lima',
    email: 'ana@example.com',
    session_count: 12,
    last_session_timestamp: 1,
    matched_by: 'name',
  },
  {
    id: 'vis_anon',
    name: '',
    email: 'anabel@example.com',
    session_count: 1,
    last_session_timestamp: 1,
    matched_by: 'email',
  },
];

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

function renderSearch() {
  const requests = mockApi({
    'GET /v1/auth/me': { body: meAs('analyst') },
    'GET /v1/visitors/search': (request) => {
      const q = request.query.get('q') ?? '';
      const lower = q.toLowerCase();
      // A session's id: its visitor, found by the session.
      if (q === 'ses_42') return { body: { visitors: [{ ...PEOPLE[0], matched_by: 'session' }] } };
      // As many as the app bar asks for: more may match.
      if (q === 'many') {
        const many = Array.from({ length: 8 }, (_, index) => ({
          ...PEOPLE[0],
          id: `vis_${index}`,
          name: `Many ${index}`,
        }));
        return { body: { visitors: many } };
      }
      return {
        body: {
          visitors: PEOPLE.filter(
            (person) => person.email.startsWith(q) || person.name.toLowerCase().startsWith(lower),
          ),
        },
      };
    },
  });
  renderWithProviders(
    <>
      <VisitorSearch />
      <Address />
    </>,
    { route: '/sessions' },
  );
  return requests;
}

const box = () => screen.getByRole('combobox', { name: 'Find a visitor by name, e-mail, visitor id or session link' });
const address = () => screen.getByRole('status', { name: 'Address' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VisitorSearch', () => {
  it('suggests people with their session counts once typing pauses, asking once', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = renderSearch();
    await user.type(box(), 'ana');

    const listbox = await screen.findByRole('listbox', { name: 'Suggested people' });
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('Ana Lima');
    expect(options[0]).toHaveTextContent('ana@example.com · vis_ana');
    expect(options[0]).toHaveTextContent('12 sessions');
    expect(options[1]).toHaveTextContent('anabel@example.com');
    expect(options[1]).toHaveTextContent('1 session');
    const searches = requests.filter((request) => request.path === '/v1/visitors/search');
    expect(searches.map((request) => request.query.get('q'))).toEqual(['ana']);
  });

  it('heads each kind of match, the kinds as the search lists them', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.type(box(), 'ana');
    const listbox = await screen.findByRole('listbox', { name: 'Suggested people' });
    const headings = within(listbox).getAllByText(/^(Name|E-mail|Visitor id|Session)$/);
    expect(headings.map((heading) => heading.textContent)).toEqual(['Name', 'E-mail']);
  });

  it('opens the session whose id was typed, on Enter or from its suggestion', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.type(box(), 'ses_42');
    const option = await screen.findByRole('option', { name: /Session of Ana Lima/ });
    expect(option).toHaveTextContent('12 sessions');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toHaveTextContent('/sessions/ses_42'));

    await user.type(box(), 'ses_42');
    await user.click(await screen.findByRole('option', { name: /Session of Ana Lima/ }));
    await waitFor(() => expect(address()).toHaveTextContent('/sessions/ses_42'));
    expect(box()).toHaveValue('');
  });

  it('offers the people page when more may match than are suggested', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.type(box(), 'many');
    const more = await screen.findByRole('option', { name: 'More people matching “many”' });
    expect(screen.getAllByRole('option')).toHaveLength(9);
    await user.click(more);
    await waitFor(() => expect(address()).toHaveTextContent('/visitors?q=many'));
  });

  it('picks a suggestion with the keyboard and opens that visitor', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.type(box(), 'ana');
    await screen.findByRole('listbox', { name: 'Suggested people' });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(address()).toHaveTextContent('/visitors?visitor_id=vis_anon'));
    expect(box()).toHaveValue('');
  });

  it('opens the visitor lookup for typed text on Enter, as before', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.type(box(), 'someone@example.com{Enter}');
    await waitFor(() => expect(address()).toHaveTextContent('/visitors?email=someone%40example.com'));
  });

  it('lists the people matching a name on Enter, once suggestions have come as before they do', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.type(box(), 'Ana L');
    const listbox = await screen.findByRole('listbox', { name: 'Suggested people' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toHaveTextContent('/visitors?q=Ana+L'));
    // A suggestion is opened only when picked.
    await user.type(box(), 'Ana L');
    await screen.findByRole('listbox', { name: 'Suggested people' });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(address()).toHaveTextContent('/visitors?visitor_id=vis_ana'));
  });

  it('opens a session straight away when the sessions list with it open is pasted', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.click(box());
    await user.paste('https://analytics.example.com/sessions?device=mobile&session=ses_42');
    await waitFor(() => expect(address()).toHaveTextContent('/sessions/ses_42'));
  });

  it('never offers the people found for the text before it changed', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.type(box(), 'ana');
    await screen.findByRole('listbox', { name: 'Suggested people' });
    await user.type(box(), 'bel');
    // Until the answer for "anabel" comes, the list says it is searching and holds no one to pick.
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    const listbox = await screen.findByRole('listbox', { name: 'Suggested people' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    expect(within(listbox).getByRole('option')).toHaveTextContent('anabel@example.com');
  });

  it('opens a session straight away when its link is pasted', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.click(box());
    await user.paste('https://analytics.example.com/sessions/ses_42?tz=UTC');
    await waitFor(() => expect(address()).toHaveTextContent('/sessions/ses_42'));
  });

  it('says so when nobody matches, and Enter still opens the visitor lookup', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.type(box(), 'zz-nobody');
    const listbox = await screen.findByRole('listbox', { name: 'Suggested people' });
    const nobody = within(listbox).getByRole('option');
    expect(nobody).toHaveTextContent('Nobody found');
    expect(nobody).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toHaveTextContent('/visitors?visitor_id=zz-nobody'));
  });

  it('looks a name nobody matches up as a name, not as a visitor id', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.type(box(), 'Zebulon Q');
    expect(await screen.findByRole('option', { name: 'Nobody found' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toHaveTextContent('/visitors?q=Zebulon+Q'));
  });
});
