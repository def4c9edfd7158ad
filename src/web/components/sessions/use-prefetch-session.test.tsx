// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { makeSession } from './make-session.ts';
import { usePrefetchSession } from './use-prefetch-session.ts';
import { useSessionQuery } from './use-session-query.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Row() {
  const prefetch = usePrefetchSession();
  const [open, setOpen] = useState<string | null>(null);
  const detail = useSessionQuery(open);
  return (
    <>
      <button type="button" onMouseEnter={() => prefetch('ses_1')} onClick={() => setOpen('ses_1')}>
        Row
      </button>
      <output aria-label="Drawer">{detail.data ? `${detail.data.end_url}` : ''}</output>
    </>
  );
}

describe('usePrefetchSession', () => {
  it('loads a hovered session without marking it seen, and opening it shows it at once and marks it', async () => {
    const requests = mockApi({
      'GET /v1/sessions/ses_1': { body: makeSession({ id: 'ses_1', end_url: 'https://shop/x' }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<Row />);

    await user.hover(screen.getByRole('button', { name: 'Row' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.query.get('peek')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Row' }));
    expect(screen.getByRole('status', { name: 'Drawer' })).toHaveTextContent('https://shop/x');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.query.has('peek')).toBe(false);
  });
});
