// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Website } from '../../../../api/client/types.gen.ts';
import { errorReply, meAs, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SettingsPage } from './settings-page.tsx';

const SNIPPET = '<script async src="https://analytics.example.com/t.js" data-key="pk_shop_1"></script>';
const shop: Website = {
  website_id: 'web_1',
  host: 'shop.example.com',
  name: 'Shop',
  public_key: 'pk_shop_1',
  snippet: SNIPPET,
  last_event_at: 1_795_000_000,
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

  it('an admin adds a website, sees its snippet and waits live for its first event', async () => {
    const user = userEvent.setup({ delay: null });
    const blog: Website = { ...shop, website_id: 'web_2', host: 'blog.example.com', name: 'Blog', last_event_at: null };
    let listed: Website[] = [shop];
    const requests = mockApi({
      'GET /v1/auth/me': { body: meAs('admin') },
      'GET /v1/websites': () => ({ body: listed }),
      'POST /v1/websites': (request) => {
        const body = request.body as { host: string };
        if (body.host === 'shop.example.com')
          return errorReply(
            409,
            'conflict_error',
            'website_exists',
            'This account already has a website for shop.example.com',
          );
        listed = [blog, shop];
        return { status: 201, body: blog };
      },
    });
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=websites' });
    const shopCard = within(await screen.findByRole('listitem', { name: 'Shop' }));
    expect(shopCard.getByRole('status')).toHaveTextContent('Receiving events');

    await user.click(screen.getByRole('button', { name: 'Add website' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a website' }));
    await user.type(dialog.getByRole('textbox', { name: 'Host' }), 'https://blog.example.com/');
    await user.click(dialog.getByRole('button', { name: 'Add website' }));
    expect(await dialog.findByText(/no https:\/\/ and no path/)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.clear(dialog.getByRole('textbox', { name: 'Host' }));
    await user.type(dialog.getByRole('textbox', { name: 'Host' }), 'shop.example.com');
    await user.click(dialog.getByRole('button', { name: 'Add website' }));
    expect(await dialog.findByText('This account already has a website for shop.example.com')).toBeInTheDocument();

    await user.clear(dialog.getByRole('textbox', { name: 'Host' }));
    await user.type(dialog.getByRole('textbox', { name: 'Host' }), 'blog.example.com');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'The blog');
    await user.click(dialog.getByRole('button', { name: 'Add website' }));
    const blogCard = within(await screen.findByRole('listitem', { name: 'Blog' }));
    expect(requests.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({
      host: 'blog.example.com',
      description: 'The blog',
    });
    expect(blogCard.getByRole('textbox', { name: 'Tracker snippet' })).toHaveValue(SNIPPET);
    expect(blogCard.getByRole('status')).toHaveTextContent('Waiting for the first event');

    // The tracker sends; the next poll of the list turns the check live.
    listed = [{ ...blog, last_event_at: 1_795_000_100 }, shop];
    expect(await blogCard.findByText(/Receiving events/, {}, { timeout: 8000 })).toBeInTheDocument();
  }, 15_000);
});
