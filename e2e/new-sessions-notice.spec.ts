import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, readState, signIn, test } from './support/fixtures.ts';

const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const clientId = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;

/** One new session through the public ingest API, as a website's server would send it (no Origin). */
async function recordSession(request: APIRequestContext, publicKey: string): Promise<string> {
  const sessionId = clientId('e2enew');
  const now = Date.now();
  const response = await request.post('/v1/ingest', {
    // The request library's own User-Agent reads as a crawler, whose batches are answered and dropped.
    headers: { 'user-agent': DESKTOP_CHROME },
    data: {
      key: publicKey,
      batch_id: clientId('batch'),
      visitor_id: clientId('visitor'),
      session_id: sessionId,
      sent_at: now,
      events: [
        { kind: 1, time: now - 2000, url: 'https://shop.example.com/pricing' },
        { kind: 3, time: now - 1000, url: 'https://shop.example.com/checkout', title: 'Checkout' },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(202);
  expect(await response.json()).toEqual({ accepted: 2 });
  return sessionId;
}

test('sessions that arrive while the list is open are announced, not slipped under the reader, and "Show" brings them in', async ({
  page,
  request,
}) => {
  const { website } = readState();
  // The page's clock runs from now; jumping it past the 15 s poll asks the server as the real interval would.
  await page.clock.install({ time: new Date() });
  await signIn(page, 'analyst');
  await page.goto(`/sessions?website_id=${website.id}`);
  const rows = page.getByRole('grid').getByRole('row');
  await expect(rows.nth(1)).toBeVisible({ timeout: 30_000 });
  const firstBefore = await rows.nth(1).getAttribute('data-id');

  const arrived = [
    await recordSession(request, website.publicKey),
    await recordSession(request, website.publicKey),
    await recordSession(request, website.publicKey),
  ];
  const notice = page.getByRole('status').filter({ hasText: /\d new sessions?/ });
  await expect(notice).toHaveCount(0);

  const placeBefore = await rows.nth(1).boundingBox();
  await page.clock.fastForward('00:16');
  await expect(notice).toContainText('3 new sessions');
  // The rows being read stay where they are until the reader asks for the new ones: the same rows, and
  // not pushed down by the notice either.
  expect(await rows.nth(1).getAttribute('data-id')).toBe(firstBefore);
  expect((await rows.nth(1).boundingBox())?.y).toBe(placeBefore?.y);

  await notice.getByRole('button', { name: 'Show' }).click();
  await expect(notice).toHaveCount(0);
  await expect(rows.nth(1)).not.toHaveAttribute('data-id', firstBefore ?? '');
  const topThree = await Promise.all([1, 2, 3].map((index) => rows.nth(index).getAttribute('data-id')));
  expect(topThree.sort()).toEqual([...arrived].sort());
  await expect(rows.nth(4)).toHaveAttribute('data-id', firstBefore ?? '');
});

test('the next page continues the list as it was loaded, though sessions arrived since', async ({ page, request }) => {
  const { website } = readState();
  await signIn(page, 'analyst');
  /** The next answer of the list itself for page `num` (0-based) of 25. */
  const pageAnswer = (num: number) =>
    page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === '/v1/sessions' &&
        url.searchParams.get('page') === String(num) &&
        url.searchParams.get('size') === '25'
      );
    });
  type Answer = { total: number; sessions: { id: string }[] };
  const first = pageAnswer(0);
  await page.goto(`/sessions?website_id=${website.id}`);
  const firstPage = (await (await first).json()) as Answer;
  expect(firstPage.total).toBeGreaterThan(50);

  const arrived = [await recordSession(request, website.publicKey), await recordSession(request, website.publicKey)];
  const second = pageAnswer(1);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  const secondAnswer = await second;
  expect(new URL(secondAnswer.url()).searchParams.has('date_to')).toBe(true);
  const secondPage = (await secondAnswer.json()) as Answer;
  // The same list: the same total, no row of the first page again, none of the arrivals.
  expect(secondPage.total).toBe(firstPage.total);
  const firstIds = firstPage.sessions.map((session) => session.id);
  const secondIds = secondPage.sessions.map((session) => session.id);
  expect(secondIds).toHaveLength(25);
  expect(secondIds.filter((id) => firstIds.includes(id) || arrived.includes(id))).toEqual([]);
  await expect(page.getByText(`26–50 of ${firstPage.total.toLocaleString('en-GB')}`)).toBeVisible();
});
