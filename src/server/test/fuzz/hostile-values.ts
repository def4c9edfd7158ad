/**
 * Hostile inputs for the fuzzer: the strings, numbers and JSON shapes that broke services before
 * (NUL characters, lone surrogates, emoji at length limits, numbers as strings, thousands of nesting
 * levels, prototype keys) and percent-encodings a URL parser may choke on.
 */
import fc from 'fast-check';

const EMOJI = '😀';
const FAMILY = '👩‍👩‍👧‍👦';

/** Strings at the length limits the schemas use, counted in code points (emoji are two UTF-16 units). */
const EMOJI_AT_LIMITS = [1, 64, 80, 100, 101, 254, 256, 257, 320, 1000, 1001, 2048].map((count) => EMOJI.repeat(count));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\uFEFF',
    '\u202E\u0041',
    'e\u0301'.repeat(300),
    FAMILY.repeat(40),
    '%00',
    '%zz',
    '../../etc/passwd',
    "' OR 1=1 --",
    '"; DROP TABLE sessions; --',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '1e309',
    '0x10',
    '-0',
    'null',
    'true',
    'x'.repeat(5_000),
    'x'.repeat(100_000),
  ),
  fc.constantFrom(...EMOJI_AT_LIMITS),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

export const hostileNumber: fc.Arbitrary<number | string> = fc.constantFrom(
  -1,
  0,
  -0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  Number.MAX_VALUE,
  '0',
  '1',
  '42',
  '1e3',
  ' 5',
);

/** Raw JSON text nested `levels` deep, as arrays or objects. */
export function deeplyNested(levels: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(levels)}${']'.repeat(levels)}`
    : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** Raw JSON texts: a field's value is replaced by one of these after serialisation. */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({
      levels: fc.constantFrom(64, 2_000, 10_000, 100_000),
      kind: fc.constantFrom('array' as const, 'object' as const),
    })
    .map(({ levels, kind }) => deeplyNested(levels, kind)),
  fc.constantFrom(
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '[{"__proto__":{"polluted":"yes"}}]',
    '{}',
    '[]',
    '[[]]',
    '{"":""}',
    '1e400',
    '-1e400',
    '123456789012345678901234567890',
    '"\\ud800"',
    '"\\u0000"',
  ),
);

/** Plain JSON values of the wrong kind for most fields. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { a: 1 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Path segments already in URL form: valid encodings of hostile strings and invalid encodings. */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%',
    '%zz',
    '%2',
    '%C0%AF',
    '%E0%A4%A',
    '%FF',
    '%ED%A0%80',
    '%00',
    'a%00b',
    '%2e%2e',
    '..',
    '%2F',
    '%20',
    '%F0%9F%98%80'.repeat(100),
    'a'.repeat(2_000),
    'a'.repeat(20_000),
    'null',
    'undefined',
    '0',
    '-1',
  ),
  hostileString.filter((value) => value.length < 3_000).map(safeEncode),
);

/** encodeURIComponent, with lone surrogates (which it refuses) sent as their WTF-8 bytes. */
export function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Array.from(value)
      .map((char) => {
        const code = char.codePointAt(0) ?? 0;
        if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
      })
      .join('')
      .toUpperCase();
  }
}
