export type CsvValue = string | number | boolean | null | undefined;

/** Spreadsheets run cells that start like a formula; visitor-supplied text must never do that. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, inner quotes doubled. */
export function toCsvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document, lines ending in CRLF as RFC 4180 asks. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(toCsvField).join(',')).join('\r\n') + '\r\n';
}
