// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { client } from '../../../../api/client/client.gen.ts';
import { makeSession } from '../../../components/sessions/make-session.ts';
import { configureApiClient } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SessionReplaySection } from './session-replay-section.tsx';

const CREATED = 1_795_000_000;
const START_MS = CREATED * 1000 + 500;
const SESSION = makeSession({ id: 'ses_replay', creation_timestamp: CREATED, has_recording: true });

/** A real rrweb recording: the page (a heading and a button), then the mouse moving for eight seconds. */
const FRAMES = [
  { type: 4, timestamp: START_MS, data: { href: 'https://shop.example.com/', width: 800, height: 600 } },
  {
    type: 2,
    timestamp: START_MS + 1,
    data: {
      node: {
        type: 0,
        id: 1,
        childNodes: [
          {
            type: 2,
            id: 2,
            tagName: 'html',
            attributes: {},
            childNodes: [
              { type: 2, id: 3, tagName: 'head', attributes: {}, childNodes: [] },
              {
                type: 2,
                id: 4,
                tagName: 'body',
                attributes: {},
                childNodes: [
                  {
                    type: 2,
                    id: 5,
                    tagName: 'h1',
                    attributes: {},
                    childNodes: [{ type: 3, id: 6, textContent: 'Order form' }],
                  },
                  {
                    type: 2,
                    id: 7,
                    tagName: 'button',
                    attributes: {},
                    childNodes: [{ type: 3, id: 8, textContent: 'Pay' }],
                  },
                ],
              },
            ],
          },
        ],
      },
      initialOffset: { top: 0, left: 0 },
    },
  },
  ...Array.from({ length: 16 }, (_, step) => ({
    type: 3,
    timestamp: START_MS + 500 * (step + 1),
    data: { source: 1, positions: [{ x: step * 10, y: step * 5, id: 7, timeOffset: 0 }] },
  })),
];

const EVENTS = [
  { id: 'evt_1', kind: 3, time: START_MS, details: { url: 'https://shop.example.com/', title: 'Order form' } },
  { id: 'evt_2', kind: 5, time: START_MS + 6000, details: { selector: 'button', text: 'Pay' } },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// jsdom has no iframe.sandbox token list, which rrweb reads to check that it rebuilds into its sandboxed frame.
if (!('sandbox' in HTMLIFrameElement.prototype)) {
  Object.defineProperty(HTMLIFrameElement.prototype, 'sandbox', {
    get(this: HTMLIFrameElement) {
      return (this.getAttribute('sandbox') ?? '').split(/\s+/).filter(Boolean);
    },
  });
}

beforeEach(() => {
  configureApiClient();
  client.setConfig({ baseUrl: 'http://localhost' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
      if (url.pathname === '/v1/sessions/ses_replay/recording')
        return json({
          session_id: 'ses_replay',
          has_recording: true,
          status: 'recorded',
          expiration_timestamp: CREATED + 86_400,
          clock_offset_ms: 0,
          chunks: [
            {
              index: 0,
              first_event_at: START_MS,
              last_event_at: START_MS + 8000,
              compressed_bytes: 500,
              url: '/v1/sessions/ses_replay/recording/chunks/0',
            },
          ],
        });
      if (url.pathname === '/v1/sessions/ses_replay/recording/chunks/0') return json(FRAMES);
      if (url.pathname === '/v1/sessions/ses_replay/events') return json({ events: EVENTS, next_cursor: null });
      return json({ error: { type: 'not_found_error', code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

it('moves the player to an event chosen in the timeline', async () => {
  renderWithProviders(<SessionReplaySection session={SESSION} />, { route: '/sessions/ses_replay' });
  const player = await screen.findByRole('region', { name: 'Session replay' }, { timeout: 10_000 });
  const position = await within(player).findByRole(
    'slider',
    { name: 'Position in the recording' },
    { timeout: 10_000 },
  );
  expect(position).toHaveAttribute('aria-valuenow', '0');
  // rrweb rebuilt the recorded page in its frame.
  const shown = await waitFor(() => {
    const heading = player.querySelector('iframe')?.contentDocument?.querySelector('h1');
    if (!heading) throw new Error('the replay shows no page yet');
    return heading;
  });
  expect(shown).toHaveTextContent('Order form');
  // The replayed page's links and fields are no stops in the dashboard's tab order.
  expect(player.querySelector('iframe')).toHaveAttribute('tabindex', '-1');

  const timeline = screen.getByRole('list', { name: 'Events' });
  await userEvent.click(await within(timeline).findByRole('button', { name: /Click/ }));

  // The click happened 6 s into the session; the replay's first frame came at its start.
  await waitFor(() => expect(Number(position.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(5900));
  expect(Number(position.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(6100);
});
