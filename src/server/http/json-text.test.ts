import { describe, expect, it } from 'vitest';
import { joinJsonText } from './json-text.ts';

describe('joinJsonText', () => {
  it('joins short text into a string', () => {
    const joined = joinJsonText(['{"sessions":[', '{"city":"Zürich"}', ',', '{"city":"東京"}', ']}']);
    expect(typeof joined).toBe('string');
    expect(JSON.parse(String(joined))).toEqual({ sessions: [{ city: 'Zürich' }, { city: '東京' }] });
  });

  it('writes long text into a Buffer of exactly its UTF-8 bytes, whatever its characters', () => {
    const session = (index: number) =>
      JSON.stringify({ id: `s${index}`, city: index % 3 === 0 ? 'Île-de-France' : 'Paris', note: '😀 ✓ '.repeat(50) });
    const pieces = ['{"sessions":['];
    for (let index = 0; index < 400; index += 1) pieces.push(index === 0 ? '' : ',', session(index));
    pieces.push(']}');
    const text = pieces.join('');
    expect(text.length).toBeGreaterThan(64 * 1024);

    const joined = joinJsonText(pieces);
    expect(Buffer.isBuffer(joined)).toBe(true);
    expect(Buffer.compare(joined as Buffer, Buffer.from(text, 'utf8'))).toBe(0);
    expect(JSON.parse((joined as Buffer).toString('utf8')).sessions).toHaveLength(400);
  });

  it('keeps a lone surrogate as the replacement character, as a string sent as UTF-8 would', () => {
    const pieces = ['"', 'a'.repeat(70_000), '\ud800', '"'];
    const joined = joinJsonText(pieces);
    expect(Buffer.compare(joined as Buffer, Buffer.from(pieces.join(''), 'utf8'))).toBe(0);
  });

  it('writes pieces given as UTF-8 bytes as they are, short or long, between text pieces', () => {
    const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
    const short = joinJsonText(['{"sessions":[{"id":"s1",', bytes('"city":"東京"}'), ']}']);
    expect(Buffer.isBuffer(short)).toBe(true);
    expect(JSON.parse((short as Buffer).toString('utf8'))).toEqual({ sessions: [{ id: 's1', city: '東京' }] });

    const pieces: (string | Uint8Array)[] = ['{"sessions":['];
    const expected: string[] = ['{"sessions":['];
    for (let index = 0; index < 300; index += 1) {
      const rest = `"city":"Île-de-France","note":"${'😀 ✓ '.repeat(40)}"}`;
      const leading = `${index === 0 ? '' : ','}{"id":"s${index}",`;
      // A view into a larger buffer, as a row's bytes may be.
      const inside = Buffer.from(`{${rest}x`, 'utf8');
      pieces.push(leading, inside.subarray(1, inside.length - 1));
      expected.push(leading, rest);
    }
    pieces.push(']}');
    expected.push(']}');
    const joined = joinJsonText(pieces);
    expect(Buffer.compare(joined as Buffer, Buffer.from(expected.join(''), 'utf8'))).toBe(0);
    expect(JSON.parse((joined as Buffer).toString('utf8')).sessions).toHaveLength(300);
  });
});
