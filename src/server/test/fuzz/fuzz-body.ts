/**
 * Request bodies for the fuzzer: the schema-valid body, or one hostile change to it (a field of the
 * wrong kind, a raw JSON text spliced in, a missing or extra key, a malformed or oversized body), and
 * the content type it goes out with.
 */
import fc from 'fast-check';
import { hostileJsonText, hostileJsonValue } from './hostile-values.ts';
import type { Operation } from './openapi-operations.ts';
import { type Hints, valueFor } from './schema-values.ts';

/** A generated part of a request and, when it was made hostile, how. */
export interface Part<T> {
  value: T;
  mutation?: string;
}

/** Serialises `value`, splicing raw JSON texts in where a value is `{ [RAW]: text }`. */
const RAW = '\u0001fuzz-raw';
function serialise(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item && typeof item === 'object' && RAW in item) {
      raws.push((item as Record<string, string>)[RAW] ?? 'null');
      return `${RAW}${raws.length - 1}`;
    }
    return item;
  });
  return text.replace(/"\\u0001fuzz-raw(\d+)"/g, (_match, index: string) => raws[Number(index)] ?? 'null');
}

function bodyMutation(valid: Record<string, unknown>): fc.Arbitrary<Part<string>> {
  const keys = Object.keys(valid);
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('name');
  return fc.oneof(
    fc.tuple(key, hostileJsonValue).map(([name, value]) => ({
      value: serialise({ ...valid, [name]: value }),
      mutation: `hostile value in ${name}`,
    })),
    fc.tuple(key, hostileJsonText).map(([name, text]) => ({
      value: serialise({ ...valid, [name]: { [RAW]: text } }),
      mutation: `${name} = ${text.slice(0, 30)}… (${text.length} chars)`,
    })),
    key.map((name) => {
      const { [name]: _dropped, ...rest } = valid;
      return { value: serialise(rest), mutation: `without ${name}` };
    }),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'zz_unknown').map((name) => ({
      value: `{"${name}":{"polluted":"yes"},${serialise(valid).slice(1)}`.replace(',}', '}'),
      mutation: `extra key ${name}`,
    })),
    fc
      .constantFrom('', ' ', 'null', '[]', '"x"', '{', '{"a":1,}', "{'a':1}", '\uFEFF{}', 'NaN', '{"a":1}{"b":2}')
      .map((text) => ({
        value: text,
        mutation: `body ${JSON.stringify(text)}`,
      })),
    hostileJsonText.map((text) => ({
      value: text,
      mutation: `whole body ${text.slice(0, 30)}… (${text.length} chars)`,
    })),
    fc.constant({ value: JSON.stringify({ name: 'x'.repeat(1_100_000) }), mutation: 'body over 1 MiB' }),
  );
}

export function bodyFor(operation: Operation, hints: Hints): fc.Arbitrary<Part<string> | undefined> {
  if (!operation.body) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('', '{}', 'null')
          .map((value) => ({ value, mutation: `unexpected body ${JSON.stringify(value)}` })),
      },
    );
  }
  return valueFor(operation.body, hints).chain((valid) => {
    const object =
      valid && typeof valid === 'object' && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant({ value: serialise(valid) }) },
      { weight: 2, arbitrary: bodyMutation(object) },
    );
  });
}

const CONTENT_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  'application/jsonx',
  'json',
  '',
];

export function contentTypeFor(hasBody: boolean): fc.Arbitrary<Part<string | undefined>> {
  if (!hasBody) return fc.constant({ value: undefined });
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant({ value: 'application/json' }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...CONTENT_TYPES)
        .map((value) => ({ value, mutation: `content-type ${JSON.stringify(value)}` })),
    },
    { weight: 1, arbitrary: fc.constant({ value: undefined, mutation: 'body without content-type' }) },
  );
}
