// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { SessionsView } from '../lib/sessions-search-params.ts';
import { SessionsEmptyState } from './sessions-empty-state.tsx';

const NO_FILTERS: SessionsView = {
  email: '',
  visitorId: '',
  websiteId: '',
  dateFrom: '',
  dateTo: '',
  timeZone: 'UTC',
  page: 0,
  size: 25,
  sort: '',
  filters: {},
};

const WEBSITES = [
  { website_id: 'web_shop', host: 'shop.acme.com', name: 'Acme Shop', snippet: '<script data-key="pk_shop"></script>' },
  { website_id: 'web_docs', host: 'docs.acme.com', name: 'Acme Docs', snippet: '<script data-key="pk_docs"></script>' },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SessionsEmptyState', () => {
  it('with no filter on, shows how to install the tracker and does not speak of filters', async () => {
    mockApi({
      'GET /v1/websites': { body: WEBSITES },
      'GET /v1/sessions': { body: { total: 0, page: { num: 0, size: 5 }, sessions: [] } },
    });
    renderWithProviders(<SessionsEmptyState view={NO_FILTERS} onWiden={() => {}} />);

    expect(screen.getByRole('heading', { name: 'No sessions recorded yet' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Tracker snippet for Acme Shop' })).toHaveValue(
      '<script data-key="pk_shop"></script>',
    );
    expect(await screen.findByText('Waiting for the first event from shop.acme.com…')).toBeInTheDocument();
    expect(screen.queryByText(/filter/i)).not.toBeInTheDocument();
  });

  it('installs on the website chosen in the app bar', async () => {
    mockApi({
      'GET /v1/websites': { body: WEBSITES },
      'GET /v1/sessions': { body: { total: 0, page: { num: 0, size: 5 }, sessions: [] } },
    });
    renderWithProviders(<SessionsEmptyState view={{ ...NO_FILTERS, websiteId: 'web_docs' }} onWiden={() => {}} />);
    expect(await screen.findByRole('textbox', { name: 'Tracker snippet for Acme Docs' })).toBeInTheDocument();
  });

  it('says a website that is not the account’s does not exist, rather than that nothing was recorded', async () => {
    mockApi({
      'GET /v1/websites': { body: WEBSITES },
      'GET /v1/sessions': { body: { total: 0, page: { num: 0, size: 5 }, sessions: [] } },
    });
    renderWithProviders(<SessionsEmptyState view={{ ...NO_FILTERS, websiteId: 'nope' }} onWiden={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'No such website' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show every website’s sessions' })).toHaveAttribute('href', '/sessions');
    expect(screen.queryByText('No sessions recorded yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Tracker snippet/ })).not.toBeInTheDocument();
  });

  it('with a filter on, suggests removing it', () => {
    mockApi({});
    renderWithProviders(<SessionsEmptyState view={{ ...NO_FILTERS, email: 'x@y.z' }} onWiden={() => {}} />);
    expect(screen.getByText('No sessions match these filters')).toBeInTheDocument();
    expect(screen.getByText(/Try removing a filter/)).toBeInTheDocument();
  });
});
