import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryRequestError, guardedPost } from './guarded-post.ts';

describe('guardedPost', () => {
  let server: http.Server;
  let base: string;
  const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
        if (request.url === '/huge') {
          response.writeHead(500);
          // Far more than anyone should read; the client stops after 64 KB.
          const chunk = 'x'.repeat(64 * 1024);
          let sent = 0;
          const pump = () => {
            while (sent < 1000 && response.write(chunk)) sent += 1;
            if (sent < 1000) response.once('drain', pump);
            else response.end();
          };
          pump();
          return;
        }
        response.writeHead(201, { 'content-type': 'text/plain' });
        response.end('created');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const local = {
    timeoutMs: 5_000,
    allowHttp: true,
    allowPrivate: true,
    headers: { 'content-type': 'application/json' },
  };

  it('POSTs the body once with a content-length and returns status and body', async () => {
    const response = await guardedPost({ ...local, url: `${base}/ok`, body: '{"a":"é"}' });
    expect(response).toMatchObject({ statusCode: 201, body: 'created' });
    expect(seen.at(-1)).toMatchObject({
      body: '{"a":"é"}',
      headers: { 'content-length': '10', 'content-type': 'application/json' },
    });
  });

  it('reads at most 64 KB of a response', async () => {
    const response = await guardedPost({ ...local, url: `${base}/huge`, body: '{}' });
    expect(response.statusCode).toBe(500);
    expect(response.body.length).toBe(64 * 1024);
  });

  it.each([
    ['ftp://example.com/x', /must use https/],
    ['http://example.com/x', /must use https/],
    ['https://user:pw@example.com/x', /user name or password/],
    ['not a url', /not a valid absolute URL/],
  ])('refuses %s before connecting', async (url, message) => {
    const error = await guardedPost({ ...local, allowHttp: false, url, body: '{}' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryRequestError);
    expect((error as DeliveryRequestError).reason).toBe('refused_target');
    expect((error as Error).message).toMatch(message);
  });

  it('an aborted request rejects as aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await guardedPost({ ...local, url: `${base}/ok`, body: '{}', signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    expect((error as DeliveryRequestError).reason).toBe('aborted');
  });
});
