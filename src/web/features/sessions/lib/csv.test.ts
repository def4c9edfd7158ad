import { describe, expect, it } from 'vitest';
import { buildCsv, toCsvField } from './csv.ts';

describe('CSV building', () => {
  it('leaves plain values alone', () => {
    expect(toCsvField('Lyon')).toBe('Lyon');
    expect(toCsvField(42)).toBe('42');
    expect(toCsvField(-3)).toBe('-3');
    expect(toCsvField(true)).toBe('true');
    expect(toCsvField(null)).toBe('');
    expect(toCsvField(undefined)).toBe('');
  });

  it('quotes fields with commas', () => {
    expect(toCsvField('Lima, Ana')).toBe('"Lima, Ana"');
  });

  it('doubles quotes inside quoted fields', () => {
    expect(toCsvField('say "hi"')).toBe('"say ""hi"""');
  });

  it('quotes fields with line breaks', () => {
    expect(toCsvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(toCsvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('stops visitor text from running as a spreadsheet formula', () => {
    expect(toCsvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(toCsvField('+1')).toBe("'+1");
    expect(toCsvField('@sum')).toBe("'@sum");
  });

  it('joins a header and rows with CRLF line ends', () => {
    expect(
      buildCsv(
        ['name', 'note'],
        [
          ['Ana', 'a, b'],
          ['Bo', null],
        ],
      ),
    ).toBe('name,note\r\nAna,"a, b"\r\nBo,\r\n');
  });
});
