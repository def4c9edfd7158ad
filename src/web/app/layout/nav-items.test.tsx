// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_VIEWS } from '../../features/views/test/sample-views.ts';
import { meAs, mockApi } from '../../test/mock-api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { NavItems } from './nav-items.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(route: string) {
  mockApi({ 'GET /v1/auth/me': { body: meAs('analyst') }, 'GET /v1/views': { body: { views: SAMPLE_VIEWS } } });
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
