// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetSessionsResponse, Session } from '../../../../api/client/types.gen.ts';
import { makeSession } from '../../../components/sessions/make-session.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { VisitorPage } from './visitor-page.tsx';

// The data grid renders slowly under jsdom.
configure({ asyncUtilTimeout: 8000 });

const ME = {
  account: { account_id: 'a', name: 'Demo' },
  user: null,
  token_name: 'support',
  permissions: ['users.sessions:read'],
};

const PHONE = makeSession({
  id: 'ses_phone',
  device: 'mobile',
  visitor: { id: 'vis_phone', name: 'Ana Lima', params: [{ name: 'plan', value: 'pro' }] },
});
const LAPTOP = makeSession({
  id: 'ses_laptop',
  creation_timestamp: 1_795_000_000,
  visitor: { id: 'vis_laptop', name: '', params: [] },
});

let sessionsOf: (query: URLSearchParams) => Session[];

beforeEach(() => {
  mockApi({
    'GET /v1/auth/me': { body: ME },
    'GET /v1/sessions': ({ query }) => {
      const all = sessionsOf(query);
      const page = Number(query.get('page'));
      const size = Number(query.get('size'));
      const body: GetSessionsResponse = {
        total: all.length,
        page: { num: page, size },
        sessions: all.slice(page * size, (page + 1) * size),
      };
      return { body };
    },
  });
});

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** No sessions for any lookup; the people search finds `people` for the text `q`, nobody for any other. */
function noSessionsButPeople(q: string, people: Record<string, unknown>[]) {
  sessionsOf = () => [];
  mockApi({
    'GET /v1/auth/me': { body: ME },
    'GET /v1/sessions': ({ query }) => ({
      body: { total: 0, page: { num: Number(query.get('page')), size: Number(query.get('size')) }, sessions: [] },
    }),
    'GET /v1/visitors/search': ({ query }) => ({ body: { visitors: query.get('q') === q ? people : [] } }),
  });
}

describe('VisitorPage', () => {
  it('shows every identity behind an e-mail, with their counts, and all the sessions', async () => {
    sessionsOf = (query) => {
      const visitorId = query.get('visitor_id');
      if (visitorId === 'vis_phone')
        return [PHONE, PHONE, PHONE].map((session, index) => ({ ...session, id: `p${index}` }));
      if (visitorId === 'vis_laptop') return [LAPTOP];
      return [PHONE, LAPTOP];
    };
    renderWithProviders(<VisitorPage />, { route: '/visitors?email=ana@example.com' });

    expect(screen.getByRole('heading', { level: 1, name: 'Visitor' })).toBeInTheDocument();
    expect(document.title).toBe('Visitor ana@example.com – Session Analytics');
    expect(await screen.findByRole('heading', { level: 2, name: 'Identities (2)' })).toBeInTheDocument();
    expect(screen.getByText(/This e-mail belongs to 2 visitor ids/)).toBeInTheDocument();

    const phone = screen.getByRole('article', { name: 'Ana Lima' });
    expect(within(phone).getByText('vis_phone')).toBeInTheDocument();
    expect(within(phone).getByText('pro')).toBeInTheDocument();
    expect(await within(phone).findByText('3')).toBeInTheDocument();
    const laptop = screen.getByRole('article', { name: 'ana@example.com' });
    expect(within(laptop).getByText('vis_laptop')).toBeInTheDocument();
    expect(await within(laptop).findByText('1')).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: 'Sessions (2)' })).toBeInTheDocument();
    expect(await screen.findByRole('grid', { name: 'Sessions of this visitor' })).toBeInTheDocument();
  });

  it('says clearly when nobody matches, and suggests checking the spelling', async () => {
    sessionsOf = () => [];
    renderWithProviders(<VisitorPage />, { route: '/visitors?email=nobody@example.com' });

    expect(await screen.findByText('No visitor found')).toBeInTheDocument();
    expect(
      screen.getByText(/No sessions were recorded for the e-mail “nobody@example.com”\. Check the spelling/),
    ).toBeInTheDocument();
  });

  it('searches people by a name an older link sent as a visitor id, and never calls it an id', async () => {
    sessionsOf = () => [];
    mockApi({
      'GET /v1/auth/me': { body: ME },
      'GET /v1/visitors/search': { body: { visitors: [] } },
    });
    renderWithProviders(<VisitorPage />, { route: '/visitors?visitor_id=Elena+Jonson' });

    expect(await screen.findByText('Nobody found')).toBeInTheDocument();
    expect(screen.getByText(/No one's name, e-mail or visitor id matches “Elena Jonson”/)).toBeInTheDocument();
    expect(screen.queryByText(/Visitor id|the visitor id/)).not.toBeInTheDocument();
  });

  it('offers the people a name stands for when it was looked up as a visitor id', async () => {
    noSessionsButPeople('sofia_davis', [
      { id: 'v_1', name: 'Sofia Davis', email: 'sofia@acme.test', session_count: 12, matched_by: 'name' },
      { id: 'v_2', name: 'Sofia Davis', email: 'sd@other.test', session_count: 1, matched_by: 'name' },
    ]);
    renderWithProviders(<VisitorPage />, { route: '/visitors?visitor_id=sofia_davis' });

    expect(await screen.findByText('No visitor found')).toBeInTheDocument();
    const people = await screen.findByRole('list', { name: 'People found' });
    const links = within(people).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/visitors?visitor_id=v_1',
      '/visitors?visitor_id=v_2',
    ]);
    // Two people of one name are told apart by their e-mail, id and sessions.
    expect(links[0]).toHaveTextContent('sofia@acme.test · v_1 · 12 sessions');
    expect(links[1]).toHaveTextContent('sd@other.test · v_2 · 1 session');
  });

  it.each(['s_0tpoiws000ffjcw51w4a', 'ses_42'])('opens the session whose id %s was looked up', async (id) => {
    noSessionsButPeople(id, [{ id: 'v_1', name: 'Sofia Davis', email: '', session_count: 3, matched_by: 'session' }]);
    function Address() {
      return <output aria-label="Address">{useLocation().pathname}</output>;
    }
    renderWithProviders(
      <>
        <VisitorPage />
        <Address />
      </>,
      { route: `/visitors?visitor_id=${id}` },
    );

    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveTextContent(`/sessions/${id}`));
  });

  it('lists the people a searched name stands for, or says plainly that nobody is found', async () => {
    sessionsOf = () => [];
    mockApi({
      'GET /v1/auth/me': { body: ME },
      'GET /v1/visitors/search': ({ query }) => ({
        body: {
          visitors:
            query.get('q') === 'Sofia D'
              ? [{ id: 'v_1', name: 'Sofia Davis', email: 'sofia@acme.test', session_count: 12, matched_by: 'name' }]
              : [],
        },
      }),
    });
    renderWithProviders(<VisitorPage />, { route: '/visitors?q=Sofia+D' });
    expect(screen.getByText('Search “Sofia D”')).toBeInTheDocument();
    const people = await screen.findByRole('list', { name: 'People found' });
    expect(within(people).getByRole('link')).toHaveAttribute('href', '/visitors?visitor_id=v_1');
    expect(screen.queryByText(/visitor id “/)).not.toBeInTheDocument();
    cleanup();

    renderWithProviders(<VisitorPage />, { route: '/visitors?q=Zebulon+Quackenbush' });
    expect(await screen.findByText('Nobody found')).toBeInTheDocument();
    expect(screen.getByText(/No one's name, e-mail or visitor id matches “Zebulon Quackenbush”/)).toBeInTheDocument();
    expect(screen.queryByText(/Visitor id/)).not.toBeInTheDocument();
  });

  it('explains how to look someone up when the address names nobody', () => {
    sessionsOf = () => [];
    renderWithProviders(<VisitorPage />, { route: '/visitors' });
    expect(screen.getByText(/Search for a visitor by name, e-mail or visitor id/)).toBeInTheDocument();
  });

  it('shows times in the zone the person chose on Sessions, unless the address names another', async () => {
    sessionsOf = () => [PHONE];
    window.localStorage.setItem('time-zone', 'Asia/Tokyo');
    renderWithProviders(<VisitorPage />, { route: '/visitors?visitor_id=vis_phone' });
    expect(await screen.findByText('Times in Asia/Tokyo')).toBeInTheDocument();
    cleanup();

    renderWithProviders(<VisitorPage />, { route: '/visitors?visitor_id=vis_phone&tz=America%2FLima' });
    expect(await screen.findByText('Times in America/Lima')).toBeInTheDocument();
  });

  it('says when the zone in the address is not a zone, and which one it shows', async () => {
    sessionsOf = () => [PHONE];
    window.localStorage.setItem('time-zone', 'Asia/Tokyo');
    renderWithProviders(<VisitorPage />, { route: '/visitors?visitor_id=vis_phone&tz=Mars%2FBase' });
    expect(
      screen.getByText('“Mars/Base” in the address is not a time zone. Times are shown in Asia/Tokyo.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Times in Asia/Tokyo')).toBeInTheDocument();
  });

  it('says when it is offline, that what it shows may be out of date, and stops saying so once back', async () => {
    sessionsOf = () => [PHONE];
    renderWithProviders(<VisitorPage />, { route: '/visitors?visitor_id=vis_phone' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Sessions (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The dashboard is offline. The visitor details shown may be out of date until the connection returns.',
    );
    expect(screen.getByRole('article', { name: 'Ana Lima' })).toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('says that the visitor loads once back online when the page opens offline', async () => {
    sessionsOf = () => [PHONE];
    onlineManager.setOnline(false);
    renderWithProviders(<VisitorPage />, { route: '/visitors?visitor_id=vis_phone' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The dashboard is offline. The visitor details load by themselves when the connection returns.',
    );
    expect(screen.getByLabelText('Looking up the visitor')).toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('article', { name: 'Ana Lima' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
