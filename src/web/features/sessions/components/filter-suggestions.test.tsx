// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { Harness, addFilter, address, website } from './filter-chips-fixtures.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('suggesting the stored values', () => {
  const STORED: Record<string, { value: string; sessions?: number }[]> = {
    browser: [
      { value: 'Chrome', sessions: 41_200 },
      { value: 'Brave', sessions: 1_310 },
      { value: 'Safari', sessions: 980 },
    ],
    visitor_param: [
      { value: 'plan', sessions: 5_000 },
      { value: 'company', sessions: 2_000 },
    ],
    'visitor_param:plan': [
      { value: 'pro', sessions: 3_000 },
      { value: 'free', sessions: 2_000 },
    ],
    url: [{ value: '/checkout' }, { value: '/checkout/payment' }],
    country: [
      { value: 'FR', sessions: 900 },
      { value: 'DE', sessions: 120 },
    ],
    device: [
      { value: 'desktop', sessions: 7_000 },
      { value: 'mobile', sessions: 2_500 },
    ],
  };
  let requests: MockRequest[];

  beforeEach(() => {
    requests = mockApi({
      'GET /v1/websites': { body: [website('web_1', 'Shop'), website('web_2', 'Blog')] },
      'GET /v1/sessions/values': ({ query }) => {
        const field = query.get('field') ?? '';
        const name = query.get('name');
        const text = (query.get('q') ?? '').toLowerCase();
        const values = (STORED[name ? `${field}:${name}` : field] ?? []).filter((item) =>
          item.value.toLowerCase().includes(text),
        );
        return { body: { field, since: 1_790_000_000, values } };
      },
    });
  });

  const shownOptions = () =>
    within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
  const valueRequests = () => requests.filter((request) => request.path === '/v1/sessions/values');

  it("offers the account's own browser names first, with their sessions, for the chosen website", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions?website_id=web_2' });
    const dialog = await addFilter(user, 'Browser');
    // The field has the focus; its values open when asked for (↓), not over the dialog's buttons at once.
    const field = within(dialog).getByRole('combobox', { name: 'Browser' });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Brave, 1,310 sessions' })).toHaveTextContent('Brave1,310');
    expect(shownOptions().slice(0, 4)).toEqual(['Chrome41,200', 'Brave1,310', 'Safari980', 'Edge']);
    const asked = valueRequests().at(-1)?.query;
    expect(asked?.get('field')).toBe('browser');
    expect(asked?.get('website_id')).toBe('web_2');

    await user.type(within(dialog).getByRole('combobox', { name: 'Browser' }), 'brave');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address().get('browser')).toBe('Brave');
  });

  it("completes part of a browser's name on Enter, since the part alone matches nothing, and applies it on the next", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    const dialog = await addFilter(user, 'Browser');
    const field = within(dialog).getByRole('combobox', { name: 'Browser' });
    await user.type(field, 'bra');
    await screen.findByRole('option', { name: /Brave/ });
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('Brave');
    expect(address().get('browser')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address().get('browser')).toBe('Brave'));
  });

  it('takes the suggestion picked with the arrows on Enter, and text matching no suggestion as typed', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    let dialog = await addFilter(user, 'Browser');
    await user.type(within(dialog).getByRole('combobox', { name: 'Browser' }), 'a');
    await screen.findByRole('option', { name: /Safari/ });
    // "a" starts no name; Brave and Safari both contain it: nothing to complete, the arrows choose.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(within(dialog).getByRole('combobox', { name: 'Browser' })).toHaveValue('Safari');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address().get('browser')).toBe('Safari');

    dialog = await addFilter(user, 'Operating system');
    const os = within(dialog).getByRole('combobox', { name: 'Operating system' });
    await user.type(os, 'Haiku');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address().get('os')).toBe('Haiku'));
  });

  it("suggests a visitor parameter's names, then that parameter's values", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    const dialog = await addFilter(user, 'Visitor parameter');
    await user.click(within(dialog).getByRole('combobox', { name: 'Parameter name' }));
    await screen.findByRole('option', { name: /company/ });
    expect(shownOptions()).toEqual(['plan5,000', 'company2,000']);
    await user.click(screen.getByRole('option', { name: /plan/ }));

    await user.click(within(dialog).getByRole('combobox', { name: 'Value' }));
    await screen.findByRole('option', { name: /free/ });
    expect(shownOptions()).toEqual(['pro3,000', 'free2,000']);
    // The values came from a request naming the parameter; the names may be asked again after it.
    const named = valueRequests().flatMap((request) => request.query.get('name') ?? []);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set(['plan']));
    await user.click(screen.getByRole('option', { name: /free/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address().get('visitor_param')).toBe('plan=free');
  });

  it("lists the countries the account's sessions came from first, with their sessions", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    const dialog = await addFilter(user, 'Country');
    await user.click(within(dialog).getByRole('combobox', { name: 'Country' }));
    await screen.findByText('Your visitors, last 30 days');
    expect(shownOptions().slice(0, 3)).toEqual(['France900', 'Germany120', 'Afghanistan']);
    expect(screen.getByText('All countries')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /Germany/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address().get('country')).toBe('DE');
  });

  it('finds a country by its code as well as its name', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    const dialog = await addFilter(user, 'Country');
    await user.type(within(dialog).getByRole('combobox', { name: 'Country' }), 'de');
    await screen.findByText('Best match');
    // Germany, named by its code, then the other names containing "de"; Enter takes the first.
    expect(screen.getByText('Best match')).toBeInTheDocument();
    expect(shownOptions().slice(0, 2)).toEqual(['Germany120', 'Bangladesh']);
    await user.keyboard('{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address().get('country')).toBe('DE');
  });

  it('says under the field that typed text names no country, leaving the buttons uncovered', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    const dialog = await addFilter(user, 'Country');
    const field = within(dialog).getByRole('combobox', { name: 'Country' });
    await user.type(field, 'ger');
    expect(await screen.findByRole('option', { name: /Germany/ })).toBeInTheDocument();
    await user.type(field, 'xq');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(field).toHaveAccessibleDescription('No country matches “gerxq”');
    expect(screen.queryByText('No options')).not.toBeInTheDocument();
    // Taking the letters back lists the match again.
    await user.keyboard('{Backspace}{Backspace}');
    expect(await screen.findByRole('option', { name: /Germany/ })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address().get('country')).toBe('DE');
  });

  it('suggests the stored page URLs that contain the text, without counts', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    const dialog = await addFilter(user, 'Page URL');
    await user.type(within(dialog).getByRole('combobox', { name: 'Page URL contains' }), 'pay');
    // Asked once the typing pauses.
    await waitFor(() => expect(valueRequests().at(-1)?.query.get('q')).toBe('pay'));
    await screen.findByRole('option', { name: '/checkout/payment' });
    expect(shownOptions()).toEqual(['/checkout/payment']);
    await user.click(screen.getByRole('option', { name: '/checkout/payment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address().get('url')).toBe('/checkout/payment');
  });

  it('counts the sessions of each device beside its choice, and none for yes/no filters', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />, { route: '/sessions' });
    let dialog = await addFilter(user, 'Device');
    expect(await within(dialog).findByText('7,000 sessions')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Mobile 2,500 sessions' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Tablet' })).toBeInTheDocument();
    expect(within(dialog).getByText('Sessions in the last 30 days')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Mobile/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address().get('device')).toBe('mobile');

    const asked = valueRequests().length;
    dialog = await addFilter(user, 'Errors');
    expect(within(dialog).getByRole('radio', { name: 'Has errors' })).toBeInTheDocument();
    expect(valueRequests()).toHaveLength(asked);
  });
});
