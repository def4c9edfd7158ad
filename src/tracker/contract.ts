import type { TrackerEventKind } from '../api/schemas/ingest.ts';

// Copies of the ingest contract's values (src/api/schemas/ingest.ts): importing that module would bundle
// TypeBox into the tracker. contract.test.ts keeps the copies equal to the originals.

export const KIND = {
  sessionStart: 1,
  sessionEnd: 2,
  pageView: 3,
  identify: 4,
  click: 5,
  doubleClick: 6,
  errorClick: 20,
  rageClick: 21,
  consoleLog: 24,
  jsError: 25,
  custom: 26,
  networkRequest: 29,
  networkError: 30,
} as const satisfies Record<string, TrackerEventKind>;

/** What the server accepts; the tracker truncates to these. */
export const LIMITS = {
  bodyBytes: 64 * 1024,
  eventsPerBatch: 100,
  url: 2048,
  selector: 256,
  text: 256,
  message: 1024,
  stack: 2048,
  name: 256,
  email: 320,
  propertyKey: 100,
  propertyValue: 1000,
  properties: 50,
} as const;

/** The e-mail shape the server accepts (`email` in the ingest schema). */
export const EMAIL_PATTERN = /^\s*[^\s@]+@[^\s@]+\s*$/;
