/**
 * Tracker events as the tracker sends them: for each kind, its required fields and some of its optional
 * ones (the rule the ingest service applies beyond the schema), each valued from the schema, so batches
 * get past validation and reach the session, visitor and alert code.
 */
import fc from 'fast-check';
import { EVENT_KIND as K } from '../../../api/event-catalogue.ts';
import { FIELDS_BY_KIND } from '../../features/ingest/event-rules.ts';
import { type Hints, type JsonSchema, valueFor } from './schema-values.ts';

/** An event of one of the tracker's kinds; `items` is the schema of one event in the ingest body. */
export function trackerEvent(items: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = items.properties ?? {};
  const byKind = Object.entries(FIELDS_BY_KIND).map(([kind, fields]) => {
    const field = (name: string) => valueFor(properties[name] ?? {}, hints, name);
    const shape: Record<string, fc.Arbitrary<unknown>> = { time: field('time') };
    for (const name of [...fields.required, ...fields.optional]) shape[name] = field(name);
    return fc.record(shape, { requiredKeys: ['time', ...fields.required] }).map((event) => {
      const withKind: Record<string, unknown> = { kind: Number(kind), ...event };
      // A rage click counts at least 3 clicks; an identify says something.
      if (withKind.kind === K.rageClick && typeof withKind.click_count === 'number')
        withKind.click_count = Math.max(3, withKind.click_count);
      if (withKind.kind === K.identify && Object.keys(withKind).length === 2) withKind.name = 'Ada';
      return withKind;
    });
  });
  return fc.oneof(...byKind);
}
