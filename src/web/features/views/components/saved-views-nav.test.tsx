// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockReply, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { openedViewId } from '../lib/opened-view.ts';
import { SAMPLE_VIEWS } from '../test/sample-views.ts';
import { SavedViewsNav } from './saved-views-nav.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function serveViews() {
  let views = [...SAMPLE_VIEWS];
  const requests = mockApi({
    'GET /v1/views': () => ({ body: { views } }),
    'PATCH /v1/views/view_mine': (request) => {
      views = views.map((view) => (view.id === 'view_mine' ? { ...view, ...(request.body as object) } : view));
      return { body: views.find((view) => view.id === 'view_mine') };
    },
    'DELETE /v1/views/view_mine': () => {
      views = views.filter((view) => view.id !== 'view_mine');
      return { body: { view_id: 'view_mine', deleted: true } };
    },
  });
  return requests;
}

describe('SavedViewsNav', () => {
  it('keeps the places of the views this browser last listed while they load, so nothing below moves', async () => {
    window.localStorage.clear();
    serveViews();
    renderWithProviders(<SavedViewsNav />, { route: '/sessions' });
    await screen.findByRole('link', { name: 'Long German sessions' });
    cleanup();
    expect(window.localStorage.getItem('saved-views.count.token')).toBe('2');

    let answer: (reply: MockReply) => void = () => undefined;
    const reply = new Promise<MockReply>((resolve) => {
      answer = resolve;
    });
    mockApi({ 'GET /v1/views': () => reply });
    renderWithProviders(<SavedViewsNav />, { route: '/sessions' });
    const loading = screen.getByRole('list', { name: 'Saved views' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(within(loading).getAllByRole('listitem')).toHaveLength(2);
    expect(within(loading).queryAllByRole('link')).toHaveLength(0);

    answer({ body: { views: SAMPLE_VIEWS.slice(0, 1) } });
    await screen.findByRole('link', { name: 'Rage on checkout Shared by a colleague' });
    expect(screen.getByRole('list', { name: 'Saved views' })).not.toHaveAttribute('aria-busy');
    await waitFor(() => expect(window.localStorage.getItem('saved-views.count.token')).toBe('1'));
  });

  it('lists my views first, then shared ones, each opening the sessions list with its filters', async () => {
    serveViews();
    renderWithProviders(<SavedViewsNav />, { route: '/sessions?sort=-duration&country=DE&page=2' });
    const list = await screen.findByRole('list', { name: 'Saved views' });
    const links = within(list).getAllByRole('link');
    expect(links).toEqual([
      screen.getByRole('link', { name: 'Long German sessions' }),
      screen.getByRole('link', { name: 'Rage on checkout Shared by a colleague' }),
    ]);
    expect(links[0]).toHaveAttribute('href', '/sessions?country=DE&sort=-duration');
    expect(links[1]).toHaveAttribute('href', '/sessions?has_rage_clicks=true&url=%2Fcheckout');
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links[1]).not.toHaveAttribute('aria-current');
    expect(within(links[1]!).getByRole('img', { name: 'Shared by a colleague' })).toBeInTheDocument();
  });

  it('drops a view a colleague deleted, and shows one they shared, within a minute and without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let views = [...SAMPLE_VIEWS];
    mockApi({ 'GET /v1/views': () => ({ body: { views } }) });
    renderWithProviders(<SavedViewsNav />, { route: '/sessions' });
    await screen.findByRole('link', { name: 'Rage on checkout Shared by a colleague' });

    const shared = { ...SAMPLE_VIEWS[0]!, id: 'view_new', name: 'Mobile errors', query: { device: 'mobile' } };
    views = [shared, ...views.filter((view) => view.id !== 'view_team')];
    await vi.advanceTimersByTimeAsync(60_000);

    expect(await screen.findByRole('link', { name: 'Mobile errors Shared by a colleague' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Rage on checkout/ })).not.toBeInTheDocument();
  });

  it('remembers the view opened last, so the list can offer to update it once its filters change', async () => {
    const user = userEvent.setup({ delay: null });
    serveViews();
    renderWithProviders(<SavedViewsNav />, { route: '/sessions' });
    await user.click(await screen.findByRole('link', { name: 'Long German sessions' }));
    expect(openedViewId()).toBe('view_mine');
    await user.click(screen.getByRole('link', { name: 'Rage on checkout Shared by a colleague' }));
    expect(openedViewId()).toBe('view_team');
    window.sessionStorage.clear();
  });

  it("offers rename and delete for the views one may change: one's own, or as an admin a colleague's shared one", async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serveViews();
    renderWithProviders(<SavedViewsNav />, { route: '/alerts' });
    await screen.findByRole('list', { name: 'Saved views' });
    expect(screen.queryByRole('button', { name: 'Options for view Rage on checkout' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Options for view Long German sessions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Rename or share' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename view' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Long sessions in Germany{Enter}');
    expect(await screen.findByRole('link', { name: 'Long sessions in Germany' })).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      name: 'Long sessions in Germany',
      shared: false,
    });

    await user.click(screen.getByRole('button', { name: 'Options for view Long sessions in Germany' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete view?' })).getByRole('button', { name: 'Delete view' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Long sessions in Germany' })).not.toBeInTheDocument(),
    );
    // Focus moves to the view now in its place rather than to the page.
    expect(screen.getByRole('link', { name: /^Rage on checkout/ })).toHaveFocus();
  });

  it("lets an admin delete a colleague's shared view, saying whose it is", async () => {
    const user = userEvent.setup({ delay: null });
    let views = SAMPLE_VIEWS.map((view) => (view.id === 'view_team' ? { ...view, editable: true } : view));
    mockApi({
      'GET /v1/views': () => ({ body: { views } }),
      'DELETE /v1/views/view_team': () => {
        views = views.filter((view) => view.id !== 'view_team');
        return { body: { view_id: 'view_team', deleted: true } };
      },
    });
    renderWithProviders(<SavedViewsNav />, { route: '/alerts' });
    await user.click(await screen.findByRole('button', { name: 'Options for view Rage on checkout' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete view?' });
    expect(confirm).toHaveTextContent('A colleague saved this view');
    await user.click(within(confirm).getByRole('button', { name: 'Delete view' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Rage on checkout/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Long German sessions' })).toBeInTheDocument();
  });

  it('moves focus to Sessions above once the last view is deleted', async () => {
    const user = userEvent.setup({ delay: null });
    let views = SAMPLE_VIEWS.filter((view) => view.id === 'view_mine');
    mockApi({
      'GET /v1/views': () => ({ body: { views } }),
      'DELETE /v1/views/view_mine': () => {
        views = [];
        return { body: { view_id: 'view_mine', deleted: true } };
      },
    });
    renderWithProviders(
      <nav>
        <a href="/sessions">Sessions</a>
        <SavedViewsNav />
      </nav>,
      { route: '/alerts' },
    );
    await user.click(await screen.findByRole('button', { name: 'Options for view Long German sessions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete view?' })).getByRole('button', { name: 'Delete view' }),
    );
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Saved views' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Sessions' })).toHaveFocus();
  });
});
