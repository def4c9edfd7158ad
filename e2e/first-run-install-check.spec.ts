import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectConsoleProblems, expect, readState, signInWith, test } from './support/fixtures.ts';

/** The newcomer's first page with the snippet pasted in, as the dashboard shows it. */
async function startPageWithSnippet(snippet: string) {
  const html = `<!doctype html><html lang="en"><head><title>Welcome</title>${snippet}</head>
    <body><main><h1>Welcome</h1><button type="button">Start</button></main></body></html>`;
  const server = http.createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(html),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

test('a new account sees how to install the tracker, and the install check switches to receiving events', async ({
  page,
  context,
}) => {
  const { newcomer } = readState();
  const problems = collectConsoleProblems(page);
  await signInWith(page, newcomer);

  await expect(page.getByRole('heading', { name: 'No sessions recorded yet' })).toBeVisible();
  await expect(page.getByText(/No sessions match these filters/)).toHaveCount(0);
  const snippetField = page.getByRole('textbox', { name: 'Tracker snippet for Newcomer' });
  const snippet = await snippetField.inputValue();
  expect(snippet).toContain(newcomer.website.publicKey);
  await expect(page.getByText(`Waiting for the first event from ${newcomer.website.host}…`)).toBeVisible();

  const site = await startPageWithSnippet(snippet);
  try {
    const visitor = await context.newPage();
    await visitor.goto(site.url);
    await visitor.getByRole('button', { name: 'Start' }).click();
    await visitor.waitForTimeout(300);
    await visitor.close({ runBeforeUnload: true });

    await expect(page.getByText(`Receiving events from ${newcomer.website.host}`)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('list', { name: `First sessions on ${newcomer.website.host}` })).toContainText(
      site.url,
    );
    await page.getByRole('button', { name: 'Show sessions' }).click();
    await expect(page.getByRole('grid', { name: 'Sessions' }).getByRole('row')).toHaveCount(2);
  } finally {
    site.close();
  }
  expect(problems).toEqual([]);
});
