import { describe, expect, it } from 'vitest';
import { nameKey } from './name-key.ts';

describe('nameKey', () => {
  it('reads a name without accents, case or typographic apostrophes', () => {
    expect(nameKey('Chloé O’Brien')).toBe("chloe o'brien");
    expect(nameKey("chloe o'brien")).toBe("chloe o'brien");
    expect(nameKey('  ZOË   Müller ')).toBe('zoe muller');
    expect(nameKey('Ångström')).toBe('angstrom');
    expect(nameKey('O´Brien')).toBe("o'brien");
  });

  it('keeps letters that have no accent to drop, and scripts without case', () => {
    expect(nameKey('Łukasz Søren')).toBe('łukasz søren');
    expect(nameKey('李 小龙')).toBe('李 小龙');
  });

  it('has no key for no name, or only spaces', () => {
    expect(nameKey(null)).toBeNull();
    expect(nameKey(undefined)).toBeNull();
    expect(nameKey('   ')).toBeNull();
  });
});
