/**
 * Property-based fuzzing of every operation in the OpenAPI document the app serves: schema-valid and
 * hostile requests, as the admin's token, the admin's sign-in and no one, over inject, fetch and raw
 * sockets. FUZZ_SEED replays a run; FUZZ_RUNS sets how many requests SQLite gets (PostgreSQL an eighth);
 * FUZZ_TRACE=1 prints every request and its answer.
 */
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { describeApi } from '../harness.ts';
import { type FuzzWorld, createFuzzWorld } from './fuzz-world.ts';
import { runFuzz, summariseViolations } from './fuzz-runner.ts';
import { type Operation, operationsOf } from './openapi-operations.ts';

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const sqliteRequests = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 2_000;

describeApi(
  'API fuzzing',
  (ctx) => {
    let port: number;
    let world: FuzzWorld;
    let operations: Operation[];

    beforeAll(async () => {
      const { app } = ctx();
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
      const document = await (await fetch(`http://127.0.0.1:${port}/v1/openapi.json`)).json();
      operations = operationsOf(document);
      world = await createFuzzWorld(ctx());
    });

    it(`keeps its promises for generated requests (seed ${seed})`, { timeout: 600_000 }, async () => {
      // PostgreSQL gets an eighth of the requests: the same code paths, and the whole file stays near a minute.
      const requests = ctx().database.dialect === 'postgres' ? Math.ceil(sqliteRequests / 8) : sqliteRequests;
      const report = await runFuzz(ctx().app, port, world, operations, {
        seed,
        requests,
        concurrency: 4,
        trace: process.env.FUZZ_TRACE === '1',
      });
      const untouched = operations.map((operation) => operation.operationId).filter((id) => !report.byOperation[id]);
      console.info(
        `API fuzzing: FUZZ_SEED=${seed} FUZZ_RUNS=${sqliteRequests}: ${report.requests} requests over ${operations.length} operations, ` +
          `${report.serverErrors} 5xx, ${report.violations.length} violations; by status ${JSON.stringify(report.byStatus)}`,
      );
      expect(untouched, 'operations the run never reached').toEqual([]);
      expect(report.violations.length, `replay with FUZZ_SEED=${seed}\n${summariseViolations(report.violations)}`).toBe(
        0,
      );
    });
  },
  { RATE_LIMIT_MAX: '1000000', INGEST_BATCHES_PER_MINUTE: '1000000' },
);
