/**
 * The flood bench's webhook receiver: verifies every request's Standard Webhooks signature and keeps
 * each message once by its `webhook-id` (the outbox message id, the same on every attempt), so what
 * at-least-once delivery sends twice is counted once and the repeats are reported.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface FloodMessage {
  id: string;
  /** performance.now() when it first arrived. */
  receivedAt: number;
  suppressedCount: number;
}

export interface FloodReceiver {
  url: string;
  /** Set once the webhook exists: until then nothing verifies. */
  secret: string | null;
  /** Distinct messages, in order of arrival. */
  messages: FloodMessage[];
  requests: number;
  repeats: number;
  unverified: number;
  /** Runs before the first request is answered (the bench kills the server there); answered afterwards. */
  beforeFirstAnswer: (() => Promise<void>) | null;
  close(): Promise<void>;
}

function suppressedCountOf(body: string): number {
  const value = (JSON.parse(body) as { suppressed_count?: unknown }).suppressed_count;
  return typeof value === 'number' ? value : 0;
}

export async function startFloodReceiver(): Promise<FloodReceiver> {
  const seen = new Set<string>();
  const receiver: Omit<FloodReceiver, 'url' | 'close'> = {
    secret: null,
    messages: [],
    requests: 0,
    repeats: 0,
    unverified: 0,
    beforeFirstAnswer: null,
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id']);
      receiver.requests += 1;
      try {
        new Webhook(receiver.secret ?? '').verify(body, request.headers as Record<string, string>);
      } catch {
        // An unverified body is not counted: a receiver would refuse it.
        receiver.unverified += 1;
        response.writeHead(401).end();
        return;
      }
      if (seen.has(id)) receiver.repeats += 1;
      else {
        seen.add(id);
        receiver.messages.push({ id, receivedAt: performance.now(), suppressedCount: suppressedCountOf(body) });
      }
      const hook = receiver.beforeFirstAnswer;
      receiver.beforeFirstAnswer = null;
      const answer = () => {
        if (!response.destroyed) response.writeHead(200).end();
      };
      if (hook) void hook().finally(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hook`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
