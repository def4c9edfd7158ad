import type { EventKind } from '../../../api/event-catalogue.ts';
import type { IngestEventInput } from '../../../api/schemas/ingest.ts';

/** What an event carries besides its kind and time: the fields stored as `session_events.data`. */
export type EventDetails = Omit<IngestEventInput, 'kind' | 'time'>;

/** An event as the server records it: its own id, and its time moved onto the server's clock. */
export interface RecordedEvent {
  id: string;
  kind: EventKind;
  /** Unix milliseconds, server clock. */
  occurredAt: number;
  details: EventDetails;
}

/** Splits an incoming event into its kind and time and the details stored with it. */
export function detailsOf(event: IngestEventInput): EventDetails {
  const { kind: _kind, time: _time, ...details } = event;
  return details;
}
