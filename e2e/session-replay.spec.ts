import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, readState, signIn, test } from './support/fixtures.ts';

const SECRET = 'secret-123';

/** A customer's page with the tracker: a heading, a text field, a password field and a button that throws. */
async function startTestPage(appOrigin: string, publicKey: string) {
  const html = `<!doctype html><html lang="en"><head><title>Order form</title>
    <script async src="${appOrigin}/t.js" data-key="${publicKey}"></script></head>
    <body><main><h1>Order form</h1>
      <label>Name <input id="name" type="text"></label>
      <label>Password <input id="password" type="password"></label>
      <button id="explode" type="button" onclick="setTimeout(() => { throw new Error('replay journey exploded'); })">Place order</button>
    </main></body></html>`;
  const server = http.createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(html),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/order`, close: () => server.close() };
}

interface RecordingJson {
  has_recording: boolean;
  chunks: { url: string }[];
}

test('a recorded visit replays in the dashboard without what was typed, and the timeline moves the player', async ({
  page,
  context,
  baseURL,
}) => {
  const { website } = readState();
  const testPage = await startTestPage(baseURL ?? '', website.publicKey);
  try {
    const visitorPage = await context.newPage();
    await visitorPage.goto(testPage.url);
    // r.js is added by the tracker once it knows this session records.
    await visitorPage.waitForFunction(() => document.querySelector('script[src$="/r.js"]') !== null);
    await visitorPage.waitForTimeout(500);
    await visitorPage.locator('#name').pressSequentially(SECRET, { delay: 20 });
    await visitorPage.locator('#password').pressSequentially(SECRET, { delay: 20 });
    await visitorPage.waitForTimeout(1200);
    await visitorPage.locator('#explode').click();
    await visitorPage.waitForTimeout(1000);
    const sessionId = await visitorPage.evaluate(
      () => (sessionStorage.getItem('sa_session') ?? '').split(' ')[0] ?? '',
    );
    await visitorPage.close({ runBeforeUnload: true });

    await signIn(page, 'admin');
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/v1/sessions/${sessionId}/recording`)).json()) as RecordingJson)
            .has_recording,
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    const recording = (await (await page.request.get(`/v1/sessions/${sessionId}/recording`)).json()) as RecordingJson;
    const stored = (
      await Promise.all(recording.chunks.map(async (chunk) => (await page.request.get(chunk.url)).text()))
    ).join('\n');
    expect(stored).toContain('Order form');
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain('secret');

    await page.goto(`/sessions/${sessionId}`);
    const player = page.getByRole('region', { name: 'Session replay' });
    await expect(player.frameLocator('iframe').getByRole('heading', { name: 'Order form' })).toBeVisible({
      timeout: 15_000,
    });
    const position = player.getByRole('slider', { name: 'Position in the recording' });
    await expect(position).toHaveAttribute('aria-valuenow', '0');

    const timeline = page.getByRole('list', { name: 'Events' });
    await timeline.getByRole('button', { name: /JavaScript error.*replay journey exploded/ }).click();
    await expect
      .poll(async () => Number(await position.getAttribute('aria-valuenow')), { timeout: 5_000 })
      .toBeGreaterThan(1500);
  } finally {
    testPage.close();
  }
});
