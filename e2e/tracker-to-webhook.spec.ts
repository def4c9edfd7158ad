import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, readState, signIn, test } from './support/fixtures.ts';

interface Received {
  id: string;
  body: {
    webhook_type: string;
    alert: { name: string };
    payload: { event_name: string; session_id: string; visitor: { email: string } };
  };
  verified: boolean;
}

/** A webhook receiver on loopback that checks every signature with the Standard Webhooks library. */
async function startReceiver(secret: () => string) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      let verified = true;
      try {
        new Webhook(secret()).verify(raw, {
          'webhook-id': String(request.headers['webhook-id']),
          'webhook-timestamp': String(request.headers['webhook-timestamp']),
          'webhook-signature': String(request.headers['webhook-signature']),
        });
      } catch {
        verified = false;
      }
      received.push({ id: String(request.headers['webhook-id']), body: JSON.parse(raw) as Received['body'], verified });
      response.writeHead(verified ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => server.close(),
  };
}

/** A customer's page with the tracker snippet pasted in. */
async function startTestPage(appOrigin: string, publicKey: string) {
  const html = `<!doctype html><html lang="en"><head><title>Checkout</title>
    <script async src="${appOrigin}/t.js" data-key="${publicKey}"></script></head>
    <body><main><h1>Checkout</h1>
      <button id="pay" type="button">Pay now</button>
      <button id="explode" type="button" onclick="setTimeout(() => { throw new Error('checkout exploded'); })">Apply coupon</button>
    </main></body></html>`;
  const server = http.createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(html),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/checkout`, close: () => server.close() };
}

test('a visitor on a tracked page fires an alert: the session shows in the dashboard and one signed delivery arrives', async ({
  page,
  context,
  baseURL,
}) => {
  const { website } = readState();
  await signIn(page, 'admin');
  const origin = { origin: baseURL ?? '' };
  let secret = '';
  const receiver = await startReceiver(() => secret);
  const testPage = await startTestPage(baseURL ?? '', website.publicKey);
  try {
    const webhook = await (
      await page.request.post('/v1/webhooks', {
        headers: origin,
        data: { url: receiver.url, website_id: website.id, version: 'v1.0' },
      })
    ).json();
    secret = (await (await page.request.get(`/v1/webhooks/${webhook.webhook_id}/secret`)).json()).secret;
    const alert = await page.request.post('/v1/alerts', {
      headers: origin,
      data: {
        name: 'Checkout errors',
        events: [{ kind: 25, value: 'checkout exploded' }],
        provider: 'webhooks',
        webhook_id: webhook.webhook_id,
      },
    });
    expect(alert.status()).toBe(201);

    const visitorPage = await context.newPage();
    await visitorPage.goto(testPage.url);
    await visitorPage.waitForFunction(
      () => typeof (window as unknown as { sa?: { identify?: unknown } }).sa?.identify === 'function',
    );
    await visitorPage.evaluate(() =>
      (window as unknown as { sa: { identify: (who: object) => void } }).sa.identify({
        email: 'Rita.Rage@Example.com',
        name: 'Rita Rage',
      }),
    );
    for (let click = 0; click < 5; click += 1) await visitorPage.locator('#pay').click({ delay: 10 });
    await visitorPage.locator('#explode').click();
    await visitorPage.waitForTimeout(300);
    await visitorPage.close({ runBeforeUnload: true });

    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const [delivery] = receiver.received;
    expect(delivery?.verified).toBe(true);
    expect(delivery?.body).toMatchObject({
      webhook_type: 'session.event',
      alert: { name: 'Checkout errors' },
      payload: { event_name: 'JSError', visitor: { email: 'Rita.Rage@Example.com' } },
    });

    const search = page.getByRole('combobox', { name: 'Find a visitor by name, e-mail, visitor id or session link' });
    await search.fill('rita.rage@example.com');
    await search.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Sessions (1)' })).toBeVisible();
    await page.getByRole('grid').getByRole('row').nth(1).getByRole('gridcell').first().click();
    const details = page.getByText('Session details').first();
    await expect(details).toBeVisible();
    const session = await (await page.request.get(`/v1/sessions/${delivery?.body.payload.session_id}`)).json();
    expect(session.events_statistics.rage_clicks).toBeGreaterThanOrEqual(1);
    expect(session.events_statistics.clicks).toBeGreaterThanOrEqual(6);
    expect(session.visitor.email).toBe('Rita.Rage@Example.com');
    await expect(page.getByText('Rita Rage').first()).toBeVisible();

    // The delivery log of the webhook shows that message as delivered.
    await page.goto('/webhooks');
    const card = page.getByRole('listitem').filter({ hasText: receiver.url });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${receiver.url}` });
    await expect(log.getByText(delivery?.id ?? 'missing').first()).toBeVisible();
    await expect(log.getByText('Delivered').first()).toBeVisible();

    // From the delivery to its cause: the session, opened at the event's moment.
    const atTheMoment = new RegExp(`/sessions/${delivery?.body.payload.session_id}\\?t=\\d+$`);
    await log
      .getByRole('listitem')
      .filter({ hasText: delivery?.id ?? 'missing' })
      .getByRole('link', { name: 'Session at this moment' })
      .click();
    await expect(page).toHaveURL(atTheMoment);

    // The alert's card lists that session among its recent matches.
    await page.goto('/alerts');
    const alertCard = page.getByRole('listitem', { name: 'Checkout errors' });
    const match = alertCard.getByRole('list', { name: 'Recent matches' }).getByRole('link', { name: /^JSError by / });
    await expect(match).toHaveAttribute('href', atTheMoment);

    // Still exactly one delivery: at least once, but not twice for one event.
    expect(receiver.received).toHaveLength(1);
  } finally {
    receiver.close();
    testPage.close();
  }
});
