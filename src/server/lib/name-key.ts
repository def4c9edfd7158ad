/** Apostrophes and the marks typed in their place, all read as "'". */
const APOSTROPHES = /[\u2018\u2019\u02bc\u00b4`]/g;

/**
 * A person's name as the people search compares it: without accents, in lower case, every apostrophe as
 * "'" and runs of spaces as one. "Chloé O’Brien" and "chloe o'brien" have one key. Null for no name.
 */
export function nameKey(name: string | null | undefined): string | null {
  if (name === null || name === undefined) return null;
  // The apostrophes first: compatibility decomposition would turn "´" into a space and an accent.
  const key = name
    .replace(APOSTROPHES, "'")
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
  return key === '' ? null : key;
}
