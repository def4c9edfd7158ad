// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { rememberOpenedView } from '../lib/opened-view.ts';
import { SaveViewButton } from './save-view-button.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const QUERY = { country: 'DE', has_errors: 'true', sort: '-duration' };

describe('SaveViewButton', () => {
  it('saves the filters and sort under a name, shared with the account when asked', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = mockApi({
      'POST /v1/views': (request) => ({
        status: 201,
        body: { id: 'view_1', ...(request.body as object), mine: true, editable: true, created_at: 1, updated_at: 1 },
      }),
    });
    renderWithProviders(<SaveViewButton query={QUERY} />);

    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Give the view a name.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'German checkout errors');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Share with everyone in the account' }));
    expect(within(dialog).getByText(/only you can rename or delete it/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved “German checkout errors”; it is in the navigation under Sessions.'));
    expect(screen.queryByRole('dialog', { name: 'Save view' })).not.toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'German checkout errors',
      shared: true,
      query: QUERY,
    });
  });

  it('keeps the dialog open with the reason when saving fails', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'POST /v1/views': errorReply(400, 'validation_error', 'invalid_query', 'country must be 2 letters') });
    renderWithProviders(<SaveViewButton query={QUERY} />);
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mine{Enter}');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The view could not be saved');
    expect(alert).toHaveTextContent('country must be 2 letters');
  });

  it('says by the name when another view has it, until the name is changed', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'POST /v1/views': (request) =>
        (request.body as { name: string }).name.toLowerCase() === 'mine'
          ? errorReply(409, 'conflict_error', 'view_name_taken', 'You already have a view named “Mine”', 'name')
          : {
              status: 201,
              body: {
                id: 'view_2',
                ...(request.body as object),
                mine: true,
                editable: true,
                created_at: 1,
                updated_at: 1,
              },
            },
    });
    renderWithProviders(<SaveViewButton query={QUERY} />);
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'MINE{Enter}');
    expect(await within(dialog).findByText('You already have a view named “Mine”')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.type(name, ' 2');
    expect(within(dialog).queryByText('You already have a view named “Mine”')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Saved “MINE 2”; it is in the navigation under Sessions.')).toBeInTheDocument();
  });
});

describe('SaveViewButton after a view was opened from the navigation', () => {
  afterEach(() => window.sessionStorage.clear());

  const views = (editable: boolean) => ({
    body: {
      views: [
        {
          id: 'view_mine',
          name: 'Long German sessions',
          query: { country: 'DE', sort: '-duration' },
          shared: false,
          mine: true,
          editable,
          created_at: 1,
          updated_at: 1,
        },
      ],
    },
  });

  it('offers to give the opened view the changed filters, and says so once done', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = mockApi({
      'GET /v1/views': views(true),
      'PATCH /v1/views/view_mine': (request) => ({
        status: 200,
        body: { ...views(true).body.views[0], ...(request.body as object) },
      }),
    });
    rememberOpenedView('view_mine');
    renderWithProviders(<SaveViewButton query={QUERY} />);

    await user.click(await screen.findByRole('button', { name: 'Update “Long German sessions”' }));
    expect(await screen.findByText('Updated “Long German sessions” with these filters.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ query: QUERY });
    // Focus moves to the button beside it rather than to the page.
    expect(screen.getByRole('button', { name: 'Save view' })).toHaveFocus();
  });

  it('offers nothing while the filters are the view’s own, in any order, or when the view is not theirs to change', async () => {
    const requests = mockApi({ 'GET /v1/views': views(true) });
    rememberOpenedView('view_mine');
    renderWithProviders(<SaveViewButton query={{ sort: '-duration', country: 'DE' }} />);
    await screen.findByRole('button', { name: 'Save view' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.some((request) => request.method === 'GET')).toBe(true);
    expect(screen.queryByRole('button', { name: /^Update/ })).not.toBeInTheDocument();
    cleanup();

    const again = mockApi({ 'GET /v1/views': views(false) });
    renderWithProviders(<SaveViewButton query={QUERY} />);
    await screen.findByRole('button', { name: 'Save view' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(again.some((request) => request.method === 'GET')).toBe(true);
    expect(screen.queryByRole('button', { name: /^Update/ })).not.toBeInTheDocument();
  });
});
