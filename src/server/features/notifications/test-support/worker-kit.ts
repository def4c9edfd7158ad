/** A worker for tests: no background polling unless asked, a clock the test moves, no jitter. */
import pino from 'pino';
import { type Config, loadConfig } from '../../../config.ts';
import type { DatabaseHandle } from '../../../db/database.ts';
import { type DeliveryWorker, type DeliveryWorkerOptions, startDeliveryWorker } from '../worker/delivery-worker.ts';

export interface FakeClock {
  now(): number;
  advance(ms: number): void;
}

export function fakeClock(start = Date.now()): FakeClock {
  let time = start;
  return {
    now: () => time,
    advance: (ms) => {
      time += ms;
    },
  };
}

/** Configuration that lets deliveries reach a receiver on 127.0.0.1 over http. */
export function localTargetsConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    ALLOW_HTTP_WEBHOOKS: 'true',
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    ...env,
  });
}

export function testWorker(
  database: DatabaseHandle,
  options: Partial<Omit<DeliveryWorkerOptions, 'db' | 'dialect'>> = {},
): DeliveryWorker {
  return startDeliveryWorker({
    db: database.db,
    dialect: database.dialect,
    config: options.config ?? localTargetsConfig(),
    log: pino({ level: 'silent' }),
    poll: false,
    // 0.5 puts the jitter factor at exactly 1: retries land on the nominal schedule.
    random: () => 0.5,
    ...options,
  });
}
