import type { Session } from '../../../api/client/types.gen.ts';

/** For tests: a realistic session as the API returns it; override what a test cares about. */
export function makeSession(
  overrides: Partial<Omit<Session, 'visitor'>> & { visitor?: Partial<Session['visitor']> } = {},
): Session {
  const { visitor, ...rest } = overrides;
  const id = rest.id ?? 'ses_01J9Z8Q4';
  return {
    id,
    website_id: 'web_shop',
    session_url: `http://localhost:3457/sessions/${id}`,
    creation_timestamp: 1_795_339_800,
    duration: 754,
    end_timestamp: 1_795_340_554,
    active_time: 410,
    end_url: 'https://shop.example.com/checkout/thanks',
    expiration_timestamp: 1_797_931_800,
    last_event_timestamp: 1_795_340_550,
    product: 'web',
    device: 'desktop',
    tags: ['checkout', 'vip'],
    last_seen_page_view_id: 'pv_9',
    seen: false,
    referrer: 'https://www.google.com/search?q=shoes',
    start_url: 'https://shop.example.com/?utm_source=google',
    visitor_first_session: false,
    engagment_score: 72.5,
    resolution: { height: 1080, width: 1920, resolution: '1920x1080' },
    os: { name: 'macOS', version: '15.1' },
    browser: { description: 'Chrome 131 on macOS', name: 'Chrome', version: '131' },
    utm: { source: 'google', medium: 'cpc', campaign: 'winter-sale', term: 'shoes', content: 'ad-1' },
    page_views_statistics: { count: 9 },
    events_statistics: { clicks: 41, error_clicks: 2, rage_clicks: 1, error_logs: 3, net_errors: 0 },
    ...rest,
    visitor: {
      id: 'vis_ana',
      ip: '203.0.113.7',
      geolocation: { country_code: 'FR', city: 'Lyon', region: 'Auvergne-Rhône-Alpes' },
      name: 'Ana Lima',
      email: 'ana@example.com',
      email_hash: 'b1946ac92492d2347c6235b4d2611184',
      params: [{ name: 'plan', value: 'pro' }],
      last_session_timestamp: 1_795_339_800,
      first_session_timestamp: 1_790_000_000,
      ...visitor,
    },
  };
}
