/** Text fit to send: a string, without NUL characters (the server refuses them), at most `max` long. */
export function clip(value: unknown, max: number): string {
  return String(value).split('\u0000').join('').slice(0, max);
}

/** A console argument or a rejection reason as readable text. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (value !== null && typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      // Circular or hostile objects still say what they are.
      return Object.prototype.toString.call(value);
    }
  }
  return String(value);
}

/** An absolute URL without its #fragment, or the input as given when it cannot be read. */
export function absoluteUrl(url: string, base: string): string {
  try {
    const parsed = new URL(url, base);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}
