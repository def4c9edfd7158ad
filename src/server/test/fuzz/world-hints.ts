/**
 * Values a schema cannot express but the services care about, by field name: ids of existing objects,
 * the website's public key, the admin's credentials, clock times near now, time zones and date words.
 */
import fc from 'fast-check';
import type { FuzzWorld } from './fuzz-world.ts';
import type { Operation } from './openapi-operations.ts';
import type { Hints } from './schema-values.ts';
import { trackerEvent } from './tracker-events.ts';

const EMOJI_NAME = '😀'.repeat(100);

/** Mostly the last minute (what the tracker sends), sometimes beyond the day ingest accepts. */
function nearNow(): fc.Arbitrary<number> {
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.integer({ min: -60_000, max: 0 }) },
      { weight: 1, arbitrary: fc.integer({ min: -172_800_000, max: 600_000 }) },
    )
    .map((offset) => Date.now() + offset);
}

/** Hints for the world's objects; field names mean the same in every operation but `events`. */
export function worldHints(world: FuzzWorld, operation: Operation): Hints {
  const someOf = (values: string[]) => fc.constantFrom(...(values.length > 0 ? values : ['none']));
  const hints: Hints = {
    website_id: someOf([...world.ids.websites, ...world.foreignIds.slice(0, 1)]),
    webhook_id: fc.oneof(someOf(world.ids.webhooks), fc.constant(null)),
    chat_channel_id: fc.constantFrom('C0FUZZ', null),
    visitor_id: someOf(world.visitorIds),
    key: someOf([world.publicKey]),
    email: fc.constantFrom(
      world.adminEmail,
      world.adminEmail.toUpperCase(),
      ` ${world.adminEmail} `,
      'new-person@example.com',
    ),
    password: fc.constantFrom(world.adminPassword, 'wrong password'),
    url: fc.constantFrom(
      'https://93.184.215.14/hook',
      'https://93.184.215.14/other',
      'https://shop.example.com/',
      'https://hooks.example.com/in',
      'http://hooks.example.com/in',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://user:pw@hooks.example.com/',
      'https://shop.example.com/checkout?utm_source=news',
      'javascript:alert(1)',
    ),
    sent_at: fc.integer({ min: 0, max: 1_000 }).map((offset) => Date.now() + offset),
    time: nearNow(),
    tz: fc.constantFrom('Europe/London', 'America/New_York', 'Asia/Kolkata', 'UTC', 'Mars/Olympus', '+05:00'),
    date_from: fc.constantFrom(
      'TODAY',
      'TODAY-7DAYS',
      'BEGINNING_OF_PREV_MONTH',
      '2026-01-01',
      '2026-01-01T00:00:00Z',
      '2026-02-30',
      '9999-12-31',
    ),
    date_to: fc.constantFrom('TODAY', 'YESTERDAY', '2026-12-31T23:59:59+05:30', '1970-01-01', 'tomorrow'),
    name: fc.constantFrom('Checkout errors', 'Rage on pricing', 'Ada', EMOJI_NAME, `${EMOJI_NAME}😀`, '   ', 'a'),
  };
  const ingestEvents = operation.operationId === 'ingestEvents' ? operation.body?.properties?.events?.items : undefined;
  if (ingestEvents) hints.events = fc.array(trackerEvent(ingestEvents, hints), { minLength: 1, maxLength: 8 });
  return hints;
}
