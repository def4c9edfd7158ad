// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListViewsResponse } from '../../../api/client/types.gen.ts';
import { meAs, mockApi } from '../../test/mock-api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { NavItems } from './nav-items.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VIEWS: ListViewsResponse['views'] = [
  {
    id: 'view_de',
    name: 'Long German sessions',
    query: { country: 'DE', sort: '-duration' },
    shared: false,
    mine: true,
    editable: true,
    created_at: 2,
    updated_at: 2,
  },
];

function renderAt(route: string) {
  mockApi({ 'GET /v1/auth/me': { body: meAs('analyst') }, 'GET /v1/views': { body: { views: VIEWS } } });
  renderWithProviders(<NavItems />, { route });
}

describe('NavItems', () => {
  it('marks Sessions as the current place on the sessions list', async () => {
    renderAt('/sessions?country=FR');
    const sessions = await screen.findByRole('link', { name: 'Sessions' });
    const view = await screen.findByRole('link', { name: 'Long German sessions' });
    expect(sessions).toHaveAttribute('aria-current', 'page');
    expect(view).not.toHaveAttribute('aria-current');
  });

  it('marks only the saved view, not Sessions above it, while the view is open', async () => {
    renderAt('/sessions?sort=-duration&country=DE&page=2');
    const view = await screen.findByRole('link', { name: 'Long German sessions' });
    expect(view).toHaveAttribute('aria-current', 'page');
    const sessions = screen.getByRole('link', { name: 'Sessions' });
    expect(sessions).not.toHaveAttribute('aria-current');
    expect(sessions).not.toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Alerts' })).not.toHaveAttribute('aria-current');
  });
});
