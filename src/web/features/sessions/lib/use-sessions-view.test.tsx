import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserTimeZone } from '../../../lib/time-zones.ts';
import { useSessionsView } from './use-sessions-view.ts';

const otherZone = browserTimeZone() === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo';

function renderView(route = '/sessions') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ ...useSessionsView(), search: useLocation().search }), { wrapper });
}

describe('useSessionsView', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps a zone chosen just before a date range, when both changes come before the page renders again', () => {
    const { result } = renderView();
    // Both changes go through the callback of the same render, as two quick clicks do.
    const { changeView } = result.current;
    act(() => {
      changeView({ timeZone: otherZone });
      changeView({ dateFrom: 'TODAY-7DAYS' });
    });
    const params = new URLSearchParams(result.current.search);
    expect(params.get('tz')).toBe(otherZone);
    expect(params.get('date_from')).toBe('TODAY-7DAYS');
    expect(result.current.view.timeZone).toBe(otherZone);
  });

  it('keeps every one of several quick changes, and later changes start from the address as shown', () => {
    const { result } = renderView('/sessions?device=mobile');
    const { changeView } = result.current;
    act(() => {
      changeView({ sort: '-duration' });
      changeView({ size: 100 });
    });
    let params = new URLSearchParams(result.current.search);
    expect(params.get('sort')).toBe('-duration');
    expect(params.get('size')).toBe('100');
    expect(params.get('device')).toBe('mobile');

    act(() => result.current.changeView({ sort: '' }));
    params = new URLSearchParams(result.current.search);
    expect(params.get('sort')).toBeNull();
    expect(params.get('size')).toBe('100');
    expect(params.get('device')).toBe('mobile');
  });
});
