// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FILTER_DEFINITIONS } from '../lib/session-filters.ts';
import { useSessionsView } from '../lib/use-sessions-view.ts';
import { SessionsFilters } from './sessions-filters.tsx';
import { Harness, addFilter, address, website } from './filter-chips-fixtures.tsx';

beforeEach(() => {
  mockApi({ 'GET /v1/websites': { body: [website('web_1', 'Shop'), website('web_2', 'Blog')] } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('filter chips', () => {
  it('lists every filter the API offers in the "Add filter" menu', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await screen.findByRole('menuitem', { name: 'Website' });
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Website', ...FILTER_DEFINITIONS.map((definition) => definition.label)]);
    expect(items).toEqual(
      expect.arrayContaining(['Country', 'Duration', 'Engagement', 'Rage clicks', 'Page URL', 'UTM campaign', 'Tag']),
    );
  });

  it('keeps the menu still while the websites load: "Website" waits, disabled, in its place', async () => {
    let answer: (() => void) | undefined;
    mockApi({
      'GET /v1/websites': async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return { body: [website('web_1', 'Shop')] };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    const before = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(before[0]).toBe('Website');
    expect(screen.getByRole('menuitem', { name: 'Website' })).toHaveAttribute('aria-disabled', 'true');

    answer?.();
    await vi.waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Website' })).not.toHaveAttribute('aria-disabled', 'true'),
    );
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(before);
  });

  it('picks a website by name as a chip, the same website_id the app bar sets; × removes it', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions?page=3&device=mobile' });
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Website' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter: Website' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Website' }));
    await user.click(screen.getByRole('option', { name: 'Blog' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(screen.getByRole('button', { name: 'Website: Blog' })).toBeInTheDocument();
    expect(address().get('website_id')).toBe('web_2');
    expect(address().get('device')).toBe('mobile');
    expect(address().has('page')).toBe(false);
    // One website at a time: while one is chosen the menu offers the chip instead.
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(screen.queryByRole('menuitem', { name: 'Website' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('img', { name: 'Remove Website: Blog' }));
    expect(screen.queryByRole('button', { name: 'Website: Blog' })).not.toBeInTheDocument();
    expect(address().has('website_id')).toBe(false);
  });

  it('shows a website chosen in the app bar as a chip that can be changed', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions?website_id=web_1' });
    await user.click(await screen.findByRole('button', { name: 'Website: Shop' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter: Website' });
    expect(within(dialog).getByRole('combobox', { name: 'Website' })).toHaveTextContent('Shop');
    await user.click(within(dialog).getByRole('combobox', { name: 'Website' }));
    await user.click(screen.getByRole('option', { name: 'Blog' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address().get('website_id')).toBe('web_2');
  });

  it('picks a country by name, shows it as a chip and puts its code in the address; × removes it', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions?page=2' });
    const dialog = await addFilter(user, 'Country');
    await user.type(within(dialog).getByRole('combobox', { name: 'Country' }), 'Germ');
    await user.click(screen.getByRole('option', { name: 'Germany' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(screen.getByRole('button', { name: 'Country: Germany' })).toBeInTheDocument();
    expect(address().get('country')).toBe('DE');
    expect(address().has('page')).toBe(false);

    await user.click(screen.getByRole('img', { name: 'Remove Country: Germany' }));
    expect(screen.queryByRole('button', { name: 'Country: Germany' })).not.toBeInTheDocument();
    expect(address().has('country')).toBe(false);
  });

  it('takes a duration range in seconds, refusing a minimum above the maximum', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    const dialog = await addFilter(user, 'Duration');
    expect(within(dialog).getAllByText('s')).toHaveLength(2);
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Minimum' }), '600');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Maximum' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The minimum is above the maximum.');

    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Maximum' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('button', { name: 'Duration: at least 10 min' })).toBeInTheDocument();
    expect(address().get('duration_min')).toBe('600');
    expect(address().has('duration_max')).toBe(false);
  });

  it('takes durations in minutes or hours, keeps seconds in the address, and edits them in their unit', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    let dialog = await addFilter(user, 'Duration');
    expect(within(dialog).getByRole('button', { name: 'seconds' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'minutes' }));
    expect(within(dialog).getAllByText('min')).toHaveLength(2);
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Minimum' }), '2.5');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Maximum' }), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address().get('duration_min')).toBe('150');
    expect(address().get('duration_max')).toBe('3600');
    expect(screen.getByRole('button', { name: 'Duration: 150–3600 s' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Duration: 150–3600 s' }));
    dialog = screen.getByRole('dialog', { name: 'Filter: Duration' });
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Minimum' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('button', { name: 'Duration: at most 1 h' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Duration: at most 1 h' }));
    dialog = screen.getByRole('dialog', { name: 'Filter: Duration' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Maximum' })).toHaveValue(1);
    expect(within(dialog).getByRole('button', { name: 'hours' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Maximum' }), '0000');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter from 0 to 8,760 h.');
  });

  it('puts the keyboard in the first field of a range and on the choice of a yes/no filter', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    const range = await addFilter(user, 'Engagement');
    expect(within(range).getByRole('spinbutton', { name: 'Minimum' })).toHaveFocus();
    await user.keyboard('60{Enter}');
    expect(address().get('engagement_min')).toBe('60');

    const choice = await addFilter(user, 'Rage clicks');
    expect(within(choice).getAllByRole('radio')[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(address().get('has_rage_clicks')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'No rage clicks' }));
    expect(within(screen.getByRole('dialog')).getByRole('radio', { name: 'No rage clicks' })).toHaveFocus();
  });

  it('answers the yes/no filters with a choice, and edits a chip by clicking it', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    const dialog = await addFilter(user, 'Rage clicks');
    await user.click(within(dialog).getByRole('radio', { name: 'Has rage clicks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address().get('has_rage_clicks')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Has rage clicks' }));
    const edit = screen.getByRole('dialog', { name: 'Filter: Rage clicks' });
    expect(within(edit).getByRole('radio', { name: 'Has rage clicks' })).toBeChecked();
    await user.click(within(edit).getByRole('radio', { name: 'No rage clicks' }));
    await user.click(within(edit).getByRole('button', { name: 'Apply' }));
    expect(address().get('has_rage_clicks')).toBe('false');
    expect(screen.getByRole('button', { name: 'No rage clicks' })).toBeInTheDocument();
  });

  it('filters by a page URL fragment and by a visitor parameter name = value', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    let dialog = await addFilter(user, 'Page URL');
    await user.type(within(dialog).getByRole('combobox', { name: 'Page URL contains' }), '/checkout{Enter}');
    expect(screen.getByRole('button', { name: 'Page URL contains “/checkout”' })).toBeInTheDocument();

    dialog = await addFilter(user, 'Visitor parameter');
    await user.type(within(dialog).getByRole('combobox', { name: 'Parameter name' }), 'plan');
    await user.type(within(dialog).getByRole('combobox', { name: 'Value' }), 'pro');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('button', { name: 'Visitor parameter: plan = pro' })).toBeInTheDocument();
    expect(address().get('url')).toBe('/checkout');
    expect(address().get('visitor_param')).toBe('plan=pro');
  });

  it('shows only the valid filters of a hand-edited link, without failing', () => {
    renderWithProviders(<Harness />, {
      route: '/sessions?country=Germany&has_errors=maybe&duration_min=60&engagement_max=500&device=tablet',
    });
    const chips = within(screen.getByRole('list', { name: 'Filters on' }))
      .getAllByRole('button')
      .map((chip) => chip.getAttribute('aria-label') ?? chip.textContent);
    expect(chips).toEqual(['Device: Tablet', 'Duration: at least 1 min', 'Add filter']);
  });

  it('keeps the keyboard in the chips when one is removed, then on "Add filter"', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions?has_errors=true&has_rage_clicks=true' });
    const errors = await screen.findByRole('button', { name: 'Has errors' });
    errors.focus();
    await user.keyboard('{Delete}');
    expect(address().has('has_errors')).toBe(false);
    expect(screen.getByRole('button', { name: 'Has rage clicks' })).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(address().has('has_rage_clicks')).toBe(false);
    expect(screen.getByRole('button', { name: 'Add filter' })).toHaveFocus();
  });

  it('offers the common browser names as one types, and takes a name typed in another case as that name', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    const dialog = await addFilter(user, 'Browser');
    const field = within(dialog).getByRole('combobox', { name: 'Browser' });
    await user.type(field, 'sa');
    const names = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(['Safari', 'Samsung Internet']);
    await user.clear(field);
    await user.type(field, 'chrome');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address().get('browser')).toBe('Chrome');
    expect(screen.getByRole('button', { name: /Browser: Chrome/ })).toBeInTheDocument();
  });

  it('keeps a filter just applied when the next is applied before the filters show it', async () => {
    const user = userEvent.setup({ delay: null });
    // The filters as the page renders them while the address has moved on (a navigation still rendering).
    function Lagging() {
      const { view, changeView } = useSessionsView();
      const [shown] = useState(view);
      const location = useLocation();
      return (
        <>
          <SessionsFilters view={shown} onChange={changeView} />
          <output aria-label="Address">{location.search}</output>
        </>
      );
    }
    renderWithProviders(<Lagging />, { route: '/sessions?device=mobile' });
    let dialog = await addFilter(user, 'Errors');
    await user.click(within(dialog).getByRole('radio', { name: 'Has errors' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    dialog = await addFilter(user, 'Rage clicks');
    await user.click(within(dialog).getByRole('radio', { name: 'Has rage clicks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(address().get('device')).toBe('mobile');
    expect(address().get('has_errors')).toBe('true');
    expect(address().get('has_rage_clicks')).toBe('true');
  });
});
