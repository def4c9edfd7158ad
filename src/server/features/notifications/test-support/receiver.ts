/**
 * A real webhook receiver on 127.0.0.1 for tests: verifies every request with the Standard
 * Webhooks library (when given the secret), records it, and answers as the test says.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The `webhook-id` header. */
  webhookId: string | undefined;
  /** True when the signature verified with the receiver's secret (false without a secret). */
  verified: boolean;
  verifyError: string | null;
}

/** What to answer: a status (with headers and body, after `delayMs`), or `hang` to never answer. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hang';

export interface Receiver {
  /** http://127.0.0.1:port */
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Replies used in turn, one per request; the last one repeats. */
  replies: Reply[];
  secret: string | null;
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(options: { secret?: string; replies?: Reply[] } = {}): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const waiters: (() => void)[] = [];
  const receiver = {
    requests,
    replies: options.replies ?? [{ status: 200 }],
    secret: options.secret ?? null,
  } as Receiver;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      let verifyError: string | null = null;
      if (receiver.secret) {
        try {
          new Webhook(receiver.secret).verify(body, request.headers as Record<string, string>);
          verified = true;
        } catch (error) {
          verifyError = error instanceof Error ? error.message : String(error);
        }
      }
      const header = request.headers['webhook-id'];
      requests.push({
        path: request.url ?? '',
        headers: request.headers,
        body,
        webhookId: typeof header === 'string' ? header : undefined,
        verified,
        verifyError,
      });
      const reply = receiver.replies[Math.min(requests.length - 1, receiver.replies.length - 1)] ?? { status: 200 };
      for (const wake of waiters.splice(0)) wake();
      if (reply === 'hang') return;
      setTimeout(() => {
        response.writeHead(reply.status, reply.headers ?? {});
        response.end(reply.body ?? '');
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  receiver.port = port;
  receiver.url = `http://127.0.0.1:${port}`;
  receiver.waitForRequests = async (count, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (requests.length < count) {
      if (Date.now() > deadline) throw new Error(`Expected ${count} requests, got ${requests.length}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  receiver.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
