import { describe, expect, it } from 'vitest';
import { AlertEvent } from './schemas/alerts.ts';
import { IngestEvent } from './schemas/ingest.ts';
import {
  ALERT_EVENT_KINDS,
  EVENT_CATALOGUE,
  EVENT_KIND,
  alertEventName,
  isAlertEventKind,
  rageClickThreshold,
} from './event-catalogue.ts';

// TypeBox keeps JSON-schema keywords it has no type for (enum on an integer) on the schema object.
const enumOf = (schema: object) => (schema as { enum?: unknown }).enum;

describe('event catalogue', () => {
  it('lists the alert kinds with their API names, in picker order', () => {
    expect(ALERT_EVENT_KINDS.map((kind) => [kind, alertEventName(kind)])).toEqual([
      [5, 'Click'],
      [6, 'DoubleClick'],
      [20, 'ErrorClick'],
      [21, 'RageClick'],
      [24, 'Log'],
      [25, 'JSError'],
      [26, 'Custom'],
      [29, 'NetLog'],
      [30, 'NetError'],
    ]);
  });

  it('keeps the session kinds out of alerts', () => {
    for (const kind of [EVENT_KIND.sessionStart, EVENT_KIND.sessionEnd, EVENT_KIND.pageView, EVENT_KIND.identify]) {
      expect(isAlertEventKind(kind)).toBe(false);
      expect(EVENT_CATALOGUE[kind].value).toBeNull();
    }
  });

  it('gives every kind a distinct name and label', () => {
    const entries = Object.values(EVENT_CATALOGUE);
    expect(new Set(entries.map((entry) => entry.name)).size).toBe(entries.length);
    expect(new Set(entries.map((entry) => entry.label)).size).toBe(entries.length);
  });

  it('is what the API schemas accept', () => {
    expect(enumOf(IngestEvent.properties.kind)).toEqual(Object.values(EVENT_KIND));
    expect(enumOf(AlertEvent.properties.kind)).toEqual(ALERT_EVENT_KINDS);
  });

  it('reads a rage click threshold only as a whole number from 3 to 100', () => {
    expect(rageClickThreshold(' 3 ')).toBe(3);
    expect(rageClickThreshold('100')).toBe(100);
    for (const value of ['2', '101', '4.5', '', 'five', '1e2']) expect(rageClickThreshold(value)).toBeNaN();
  });
});
