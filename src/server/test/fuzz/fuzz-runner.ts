/**
 * Runs the fuzz property: batches of generated requests (several at once, as concurrent clients send
 * them) against the app, recording every broken property instead of stopping at the first, so one run
 * reports each class of fault and how often it happens. The seed replays the same requests.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { MAX_RESPONSE_MS, violationsOf } from './fuzz-checks.ts';
import { type FuzzRequest, requestFor } from './fuzz-request.ts';
import { send, viaSocket } from './fuzz-transport.ts';
import type { FuzzWorld } from './fuzz-world.ts';
import type { Operation } from './openapi-operations.ts';
import { type RawRequest, rawRequests } from './raw-requests.ts';

type Probe = { kind: 'api'; request: FuzzRequest } | { kind: 'raw'; raw: RawRequest };

export interface Violation {
  probe: string;
  problems: string[];
}

export interface FuzzReport {
  seed: number;
  requests: number;
  serverErrors: number;
  byStatus: Record<string, number>;
  byOperation: Record<string, number>;
  violations: Violation[];
}

export interface FuzzOptions {
  seed: number;
  requests: number;
  concurrency: number;
  /** Print every request and its answer. */
  trace?: boolean;
}

function describeProbe(probe: Probe): string {
  if (probe.kind === 'raw') return `raw socket: ${probe.raw.label}`;
  const { request } = probe;
  const body =
    request.body === undefined ? '' : ` body(${request.body.length})=${JSON.stringify(request.body.slice(0, 80))}`;
  const mutations = request.mutations.length > 0 ? ` [${request.mutations.join('; ')}]` : '';
  return `${request.transport} ${request.operationId}: ${request.method} ${request.url.slice(0, 120)}${body}${mutations}`;
}

async function sendProbe(app: FastifyInstance, port: number, probe: Probe) {
  if (probe.kind === 'api') return { sent: probe.request, response: await send(app, port, probe.request) };
  const started = performance.now();
  const response = await viaSocket(port, Buffer.from(probe.raw.text.replaceAll('HOST', `127.0.0.1:${port}`), 'latin1'));
  return {
    sent: { method: probe.raw.text.split(' ')[0] ?? '', emptyBodyWithoutSchema: probe.raw.emptyBodyWithoutSchema },
    response: { ...response, ms: performance.now() - started },
  };
}

/** Generates and sends `options.requests` requests over every operation; never throws on a finding. */
export async function runFuzz(
  app: FastifyInstance,
  port: number,
  world: FuzzWorld,
  operations: Operation[],
  options: FuzzOptions,
): Promise<FuzzReport> {
  const report: FuzzReport = {
    seed: options.seed,
    requests: 0,
    serverErrors: 0,
    byStatus: {},
    byOperation: {},
    violations: [],
  };
  const apiProbe = fc
    .oneof(...operations.map((operation) => requestFor(operation, world)))
    .map((request): Probe => ({ kind: 'api', request }));
  const rawProbe = rawRequests(world).map((raw): Probe => ({ kind: 'raw', raw }));
  const probe = fc.oneof({ weight: 15, arbitrary: apiProbe }, { weight: 1, arbitrary: rawProbe });
  const independent = fc.array(probe, { minLength: options.concurrency, maxLength: options.concurrency });
  // The same request several times at once: races between a check and a write (two sign-ups with one
  // e-mail, two deletes of one object) show only when requests for one object overlap.
  const burst = apiProbe.map((item) => Array.from({ length: options.concurrency }, () => item));
  const batch = fc.oneof({ weight: 4, arbitrary: independent }, { weight: 1, arbitrary: burst });

  const sendAndRecord = async (probes: Probe[]): Promise<void> => {
    const results = await Promise.all(probes.map((item) => sendProbe(app, port, item)));
    // A request slowed by a neighbour in its batch (or by a busy machine) is timed again alone, so the
    // time limit names the request that stalls the server rather than the ones that waited for it.
    for (const [index, result] of results.entries()) {
      if (result.response.ms <= MAX_RESPONSE_MS) continue;
      const alone = await sendProbe(app, port, probes[index] as Probe);
      result.response = { ...result.response, ms: Math.min(result.response.ms, alone.response.ms) };
    }
    results.forEach(({ sent, response }, index) => {
      const item = probes[index] as Probe;
      const operation = item.kind === 'api' ? item.request.operationId : 'raw socket';
      report.requests += 1;
      report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
      report.byOperation[operation] = (report.byOperation[operation] ?? 0) + 1;
      if (response.status >= 500) report.serverErrors += 1;
      const problems = violationsOf(sent, response);
      if (options.trace) {
        const verdict = problems.length > 0 ? ` VIOLATES ${problems.join(' | ')}` : '';
        console.info(
          `${response.status} ${Math.round(response.ms)} ms ${describeProbe(item)} → ${response.body.slice(0, 160)}${verdict}`,
        );
      }
      if (problems.length > 0) report.violations.push({ probe: describeProbe(item), problems });
    });
  };

  // One request of each operation first, so that a short run still reaches every operation.
  const firstOfEach = operations.flatMap((operation, index) =>
    fc
      .sample(requestFor(operation, world), { seed: options.seed + index, numRuns: 1 })
      .map((request): Probe => ({ kind: 'api', request })),
  );
  for (let start = 0; start < firstOfEach.length; start += options.concurrency) {
    await sendAndRecord(firstOfEach.slice(start, start + options.concurrency));
  }

  await fc.assert(fc.asyncProperty(batch, sendAndRecord), {
    seed: options.seed,
    numRuns: Math.ceil(options.requests / options.concurrency),
    endOnFailure: true,
  });
  return report;
}

/** A problem without its particulars: the class of fault it shows. */
function kindOf(problem: string): string {
  const [head = ''] = problem.split(':');
  const code = /"code":"(\w+)"/.exec(problem)?.[1] ?? /"message":"([^"]{0,60})/.exec(problem)?.[1];
  return `${head.replace(/\d+ ms/, 'N ms')}${code ? ` (${code})` : ''}`;
}

/** Violations grouped by their first problem's kind, with a few examples each, for the failure message. */
export function summariseViolations(violations: Violation[], examples = 3): string {
  const groups = new Map<string, Violation[]>();
  for (const violation of violations) {
    const kind = kindOf(violation.problems[0] ?? '');
    groups.set(kind, [...(groups.get(kind) ?? []), violation]);
  }
  return [...groups.entries()]
    .map(([kind, members]) => {
      const lines = members
        .slice(0, examples)
        .map((member) => `    ${member.probe}\n      → ${member.problems.join(' | ').slice(0, 300)}`);
      return `  ${members.length} × ${kind}\n${lines.join('\n')}`;
    })
    .join('\n');
}
