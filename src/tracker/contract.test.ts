import { expect, it } from 'vitest';
import { INGEST_LIMITS, TRACKER_EVENT_KINDS } from '../api/schemas/ingest.ts';
import { KIND, LIMITS } from './contract.ts';

it("keeps the tracker's copies of the ingest contract equal to the originals", () => {
  expect(KIND).toEqual(TRACKER_EVENT_KINDS);
  expect(LIMITS).toEqual(INGEST_LIMITS);
});
