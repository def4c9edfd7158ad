import { EMAIL_PATTERN, KIND, LIMITS } from './contract.ts';
import type { EventFields, Recorder } from './recorder.ts';
import { clip, describeValue } from './text.ts';

/** `window.sa`: the only global the tracker defines. */
export interface TrackerApi {
  /** Records a custom event; alerts match its exact name. */
  track(name: string, properties?: Record<string, unknown>): void;
  /** Says who the visitor is: e-mail, name, and any params (name → value). */
  identify(visitor: { email?: string; name?: string; params?: Record<string, unknown> }): void;
}

/** The server refuses keys with control characters. */
function withoutControlCharacters(text: string): string {
  return Array.from(text)
    .filter((character) => character >= ' ')
    .join('');
}

function cleanEntries(input: unknown): [string, unknown][] {
  if (input === null || typeof input !== 'object') return [];
  return Object.entries(input)
    .map(([key, value]): [string, unknown] => [clip(withoutControlCharacters(key), LIMITS.propertyKey), value])
    .filter(([key]) => key !== '')
    .slice(0, LIMITS.properties);
}

function customProperties(input: unknown): Record<string, string | number | boolean | null> {
  const properties: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of cleanEntries(input)) {
    properties[key] =
      value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
        ? value
        : clip(describeValue(value), LIMITS.propertyValue);
  }
  return properties;
}

/** The functions behind window.sa once the tracker runs. */
export function visitorApi(recorder: Recorder): TrackerApi {
  return {
    track(name, properties) {
      if (typeof name !== 'string' || name.trim() === '' || !recorder.allowed(KIND.custom)) return;
      const fields: EventFields = { name: clip(name, LIMITS.name) };
      if (properties !== undefined) fields.properties = customProperties(properties);
      recorder.record(KIND.custom, fields);
    },
    identify(visitor) {
      if (visitor === null || typeof visitor !== 'object') return;
      const fields: EventFields = {};
      const { email, name, params } = visitor;
      if (typeof email === 'string' && email.length <= LIMITS.email && EMAIL_PATTERN.test(email))
        fields.email = email.trim();
      if (typeof name === 'string' && name.trim() !== '') fields.name = clip(name.trim(), LIMITS.name);
      const entries = cleanEntries(params);
      if (entries.length > 0) {
        fields.params = Object.fromEntries(
          entries.map(([key, value]) => [key, clip(describeValue(value), LIMITS.propertyValue)]),
        );
      }
      if (Object.keys(fields).length > 0) recorder.record(KIND.identify, fields);
    },
  };
}
