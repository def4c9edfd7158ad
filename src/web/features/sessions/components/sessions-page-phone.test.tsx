// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../../../components/sessions/make-session.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SessionsPage } from './sessions-page.tsx';

const ME = {
  account: { account_id: 'acc_1', name: 'Demo' },
  user: {
    user_id: 'usr_1',
    email: 'support@demo.example',
    name: 'Support',
    role: 'support',
    created_at: 1_700_000_000,
  },
  token_name: null,
  permissions: ['users.sessions:read', 'websites:read'],
};
const SESSIONS = [
  makeSession(),
  makeSession({ id: 'ses_02', device: 'mobile', visitor: { id: 'vis_bo', name: '', email: '' } }),
];

configure({ asyncUtilTimeout: 8000 });

/** A phone-sized window: every "narrower than" media query matches, every "at least" one does not. */
function stubPhoneScreen() {
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
}

let sessionRequests: URLSearchParams[] = [];
/** The latest request for a page of the list, past its questions of one row. */
const lastPageRequest = () => sessionRequests.filter((query) => query.get('size') !== '1').at(-1);

beforeEach(() => {
  sessionRequests = [];
  mockApi({
    'GET /v1/auth/me': { body: ME },
    'GET /v1/sessions': ({ query }) => {
      sessionRequests.push(query);
      return { body: { total: 2, page: { num: 0, size: 25 }, sessions: SESSIONS } };
    },
    'GET /v1/sessions/:id': { body: { ...SESSIONS[0], seen: true } },
  });
  stubPhoneScreen();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('SessionsPage on a phone', () => {
  it('shows each session as a card with who, when, how long, where, on what and what went wrong', async () => {
    renderWithProviders(<SessionsPage />, { route: '/sessions?tz=UTC' });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!).getByRole('button');
    expect(first).toHaveTextContent('Ana Lima · ana@example.com');
    expect(first).toHaveTextContent('12m 34s');
    expect(first).toHaveTextContent('22 Nov 2026, 09:30:00');
    expect(first).toHaveTextContent('9 pages');
    expect(first).toHaveTextContent('France · desktop');
    expect(first).toHaveTextContent('3 errors · 1 rage click');
    expect(within(cards[1]!).getByRole('button')).toHaveTextContent('Anonymous visitor');
  });

  it('counts the cards against the true total past the last page the API serves', async () => {
    mockApi({
      'GET /v1/auth/me': { body: ME },
      'GET /v1/sessions': { body: { total: 1_000_000, page: { num: 10_000, size: 25 }, sessions: SESSIONS } },
    });
    renderWithProviders(<SessionsPage />, { route: '/sessions?page=10000' });
    expect(await screen.findByText('250,001–250,025 of 1,000,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it('starts the next page at its first card when the pager below the cards turns it', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /v1/auth/me': { body: ME },
      'GET /v1/sessions': ({ query }) => {
        sessionRequests.push(query);
        return { body: { total: 60, page: { num: Number(query.get('page') ?? 0), size: 25 }, sessions: SESSIONS } };
      },
    });
    renderWithProviders(<SessionsPage />, { route: '/sessions' });
    const cards = await screen.findByRole('list', { name: 'Sessions' });
    // Scrolled down to the pager: the list starts above the screen.
    const scrolled = vi.fn();
    const list = cards.parentElement as HTMLElement;
    list.scrollIntoView = scrolled;
    vi.spyOn(list, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -2400, 390, 3000));

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastPageRequest()?.get('page')).toBe('1'));
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
  });

  it('orders the cards from a choice of the sortable columns, kept in the address', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SessionsPage />, { route: '/sessions?sort=-errors' });
    await screen.findByRole('list', { name: 'Sessions' });
    const order = screen.getByRole('combobox', { name: 'Order' });
    expect(order).toHaveTextContent('Errors, highest first');
    expect(lastPageRequest()?.get('sort')).toBe('-errors');

    await user.click(order);
    const choices = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'Start time, newest first',
      'Start time, oldest first',
      'Duration, longest first',
      'Duration, shortest first',
      'Errors, highest first',
      'Errors, lowest first',
      'Rage clicks, highest first',
      'Rage clicks, lowest first',
      'Error clicks, highest first',
      'Error clicks, lowest first',
      'Engagement, highest first',
      'Engagement, lowest first',
      'Active time, longest first',
      'Active time, shortest first',
      'Pages, highest first',
      'Pages, lowest first',
    ]);
    await user.click(screen.getByRole('option', { name: 'Duration, shortest first' }));
    await waitFor(() => expect(lastPageRequest()?.get('sort')).toBe('duration'));
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveTextContent('Duration, shortest first');

    await user.click(screen.getByRole('combobox', { name: 'Order' }));
    await user.click(await screen.findByRole('option', { name: 'Start time, newest first' }));
    await waitFor(() => expect(lastPageRequest()?.has('sort')).toBe(false));
    // The default order is named like any other, not left blank.
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveTextContent('Start time, newest first');
  });

  it('names the default order when the address gives none', async () => {
    renderWithProviders(<SessionsPage />, { route: '/sessions' });
    await screen.findByRole('list', { name: 'Sessions' });
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveTextContent('Start time, newest first');
  });

  it('opens a session from its card, and gives focus back to the card when the drawer closes', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SessionsPage />, { route: '/sessions' });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const card = within(list).getAllByRole('button')[0]!;
    await user.click(card);

    const drawer = await screen.findByRole('dialog', { name: 'Session details' });
    expect(await within(drawer).findByText('winter-sale')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(list).getAllByRole('button')[0]).toHaveFocus());
  });

  it('folds the filters into a sheet behind a button that counts them', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SessionsPage />, { route: '/sessions?has_errors=true' });
    await screen.findByRole('list', { name: 'Sessions' });
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();

    const opener = screen.getByRole('button', { name: 'Filters (1)' });
    await user.click(opener);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.type(within(sheet).getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
    await user.click(within(sheet).getByRole('button', { name: 'Show sessions' }));

    await waitFor(() => expect(lastPageRequest()?.get('email')).toBe('ana@example.com'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toHaveFocus();
  });
});
