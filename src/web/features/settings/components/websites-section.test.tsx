// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Website } from '../../../../api/client/types.gen.ts';
import { meAs, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SettingsPage } from './settings-page.tsx';

const SNIPPET = '<script async src="https://analytics.example.com/t.js" data-key="pk_shop_1"></script>';
const shop: Website = {
  website_id: 'web_1',
  host: 'shop.example.com',
  name: 'Shop',
  public_key: 'pk_shop_1',
  snippet: SNIPPET,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Websites', () => {
  it('shows each website with its tracker snippet, where to paste it, a copy button and the public key', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /v1/auth/me': { body: meAs('admin') }, 'GET /v1/websites': { body: [shop] } });
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=websites' });

    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Websites', selected: true })).toBeInTheDocument();
    const card = within(await screen.findByRole('listitem', { name: 'Shop' }));
    expect(card.getByText('shop.example.com')).toBeInTheDocument();

    const snippet = card.getByRole('textbox', { name: 'Tracker snippet' });
    expect(snippet).toHaveValue(SNIPPET);
    expect(snippet).toHaveAttribute('readonly');
    expect(snippet).toHaveAccessibleDescription('Paste it into every page of shop.example.com, just before </head>.');
    expect(card.getByText('pk_shop_1')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Copy snippet for Shop' }));
    expect(await navigator.clipboard.readText()).toBe(SNIPPET);
    await user.click(card.getByRole('button', { name: 'Copy public key for Shop' }));
    expect(await navigator.clipboard.readText()).toBe('pk_shop_1');
  });

  it('opens from its tab', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /v1/auth/me': { body: meAs('admin') },
      'GET /v1/tokens': { body: [] },
      'GET /v1/websites': { body: [shop] },
    });
    renderWithProviders(<SettingsPage />);

    await user.click(await screen.findByRole('tab', { name: 'Websites' }));
    expect(await screen.findByRole('heading', { name: 'Websites' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Tracker snippet' })).toHaveValue(SNIPPET);
  });
});
