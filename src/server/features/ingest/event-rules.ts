import { EVENT_KIND as K, type EventKind, RAGE_CLICK } from '../../../api/event-catalogue.ts';
import type { IngestBatchInput } from '../../../api/schemas/ingest.ts';
import { errors } from '../../errors.ts';
import type { EventDetails } from './recorded-event.ts';

type Field = keyof EventDetails;

interface KindFields {
  required: readonly Field[];
  optional: readonly Field[];
}

const CLICK: KindFields = { required: ['selector'], optional: ['text'] };
const NETWORK: KindFields = { required: ['url', 'status'], optional: ['method', 'duration'] };

/** The fields each kind needs and may carry; any other field is refused. */
export const FIELDS_BY_KIND: Record<EventKind, KindFields> = {
  [K.sessionStart]: { required: ['url'], optional: ['referrer', 'title'] },
  [K.sessionEnd]: { required: [], optional: ['url'] },
  [K.pageView]: { required: ['url'], optional: ['title'] },
  [K.identify]: { required: [], optional: ['email', 'name', 'params'] },
  [K.click]: CLICK,
  [K.doubleClick]: CLICK,
  [K.errorClick]: { required: ['selector', 'message'], optional: ['text'] },
  [K.rageClick]: { required: ['selector', 'click_count'], optional: ['text'] },
  [K.consoleLog]: { required: ['message'], optional: ['level'] },
  [K.jsError]: { required: ['message'], optional: ['stack', 'url'] },
  [K.custom]: { required: ['name'], optional: ['properties'] },
  [K.networkRequest]: NETWORK,
  [K.networkError]: NETWORK,
};

/** How far before the batch was sent an event may have happened (a tab asleep for a while). */
export const MAX_EVENT_AGE_MS = 24 * 3600 * 1000;
/** How far after: a little, for clocks read at different moments. */
export const MAX_EVENT_LEAD_MS = 60 * 1000;

/**
 * The rules of a batch that the schema cannot say: which fields each kind needs and allows, that a rage
 * click has at least 3 clicks, that an identify says something, and that event times are near the time
 * the batch was sent. Throws a 400 naming the field (`events.3.name`).
 */
export function checkBatchEvents(batch: IngestBatchInput): void {
  batch.events.forEach((event, index) => {
    const fields = FIELDS_BY_KIND[event.kind as EventKind];
    const at = (field: string) => `events.${index}.${field}`;
    for (const field of Object.keys(event)) {
      if (field === 'kind' || field === 'time') continue;
      if (!fields.required.includes(field as Field) && !fields.optional.includes(field as Field)) {
        throw errors.validation(
          'unknown_parameter',
          `${at(field)} is not a field of a kind ${event.kind} event`,
          at(field),
        );
      }
    }
    for (const field of fields.required) {
      if (event[field] === undefined)
        throw errors.validation('required', `${at(field)} is required for a kind ${event.kind} event`, at(field));
    }
    if (event.time < batch.sent_at - MAX_EVENT_AGE_MS || event.time > batch.sent_at + MAX_EVENT_LEAD_MS) {
      throw errors.validation('out_of_range', `${at('time')} must be within a day before sent_at`, at('time'));
    }
    if (event.kind === K.rageClick && (event.click_count ?? 0) < RAGE_CLICK.minClicks) {
      throw errors.validation(
        'out_of_range',
        `${at('click_count')} must be at least ${RAGE_CLICK.minClicks} for a rage click`,
        at('click_count'),
      );
    }
    if (
      event.kind === K.identify &&
      event.email === undefined &&
      event.name === undefined &&
      event.params === undefined
    ) {
      throw errors.validation(
        'required',
        `${at('email')}, name or params is required for an identify event`,
        at('email'),
      );
    }
  });
}
