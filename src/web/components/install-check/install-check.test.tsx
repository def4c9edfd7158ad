// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Website } from '../../../api/client/types.gen.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { makeSession } from '../sessions/make-session.ts';
import { InstallCheck } from './install-check.tsx';

const WEBSITE: Website = {
  website_id: 'web_shop',
  host: 'shop.acme.com',
  name: 'Acme Shop',
  public_key: 'pk_shop',
  snippet: '<script async src="https://sa.example/t.js" data-key="pk_shop"></script>',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InstallCheck', () => {
  it('shows the snippet, waits for the first session, then says events arrive and shows them', async () => {
    let recorded = false;
    const requests = mockApi({
      'GET /v1/sessions': () => ({
        body: recorded
          ? {
              total: 1,
              page: { num: 0, size: 5 },
              sessions: [makeSession({ start_url: 'https://shop.acme.com/hello' })],
            }
          : { total: 0, page: { num: 0, size: 5 }, sessions: [] },
      }),
    });
    renderWithProviders(<InstallCheck website={WEBSITE} intervalMs={50} />);

    expect(screen.getByRole('textbox', { name: 'Tracker snippet for Acme Shop' })).toHaveValue(WEBSITE.snippet);
    expect(await screen.findByText('Waiting for the first event from shop.acme.com…')).toBeInTheDocument();
    recorded = true;

    expect(await screen.findByText('Receiving events from shop.acme.com')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'First sessions on shop.acme.com' })).toHaveTextContent(
      'https://shop.acme.com/hello',
    );
    expect(requests.every((request) => request.query.get('website_id') === 'web_shop')).toBe(true);
    const asked = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests).toHaveLength(asked);
  });

  it('tells people without the snippet whom to ask', async () => {
    mockApi({ 'GET /v1/sessions': { body: { total: 0, page: { num: 0, size: 5 }, sessions: [] } } });
    renderWithProviders(<InstallCheck website={{ ...WEBSITE, snippet: undefined }} intervalMs={50} />);
    expect(screen.getByText('Ask an admin for the tracker snippet of shop.acme.com.')).toBeInTheDocument();
  });
});
