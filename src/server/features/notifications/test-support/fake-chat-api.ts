/**
 * A Slack-compatible Web API on 127.0.0.1 for tests: `conversations.info` and `conversations.list`
 * (paged with cursors, `pageSize` channels a page whatever `limit` asks) over the channels the test
 * gives, checking the bot token. `answer` replaces every answer (an outage, a refused token).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChannel {
  id: string;
  name: string;
  is_member: boolean;
}

export interface FakeChatRequest {
  method: string;
  params: URLSearchParams;
  authorization: string | undefined;
}

export interface FakeChatApi {
  /** http://127.0.0.1:port/api */
  url: string;
  channels: FakeChannel[];
  pageSize: number;
  requests: FakeChatRequest[];
  answer: { status: number; body: string } | null;
  close(): Promise<void>;
}

function reply(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startFakeChatApi(token: string, channels: FakeChannel[] = []): Promise<FakeChatApi> {
  const api = { channels, pageSize: 2, requests: [], answer: null } as unknown as FakeChatApi;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = (request.url ?? '').replace(/^\/api\//, '');
      const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      api.requests.push({ method, params, authorization: request.headers.authorization });
      if (api.answer) return reply(response, api.answer.status, api.answer.body);
      if (request.headers.authorization !== `Bearer ${token}`)
        return reply(response, 200, { ok: false, error: 'invalid_auth' });
      if (method === 'conversations.info') {
        const channel = api.channels.find((item) => item.id === params.get('channel'));
        return reply(response, 200, channel ? { ok: true, channel } : { ok: false, error: 'channel_not_found' });
      }
      if (method === 'conversations.list') {
        const start = Number(params.get('cursor') || 0);
        const end = start + api.pageSize;
        return reply(response, 200, {
          ok: true,
          channels: api.channels.slice(start, end),
          response_metadata: { next_cursor: end < api.channels.length ? String(end) : '' },
        });
      }
      return reply(response, 200, { ok: false, error: 'unknown_method' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  api.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return api;
}

/** A URL on 127.0.0.1 where nothing listens. */
export async function unreachableUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api`;
}
