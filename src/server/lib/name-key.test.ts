import { describe, expect, it } from 'vitest';
import { nameKey, nameTailKey } from './name-key.ts';

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

  it('keys the name after its first word too, for a search by surname', () => {
    expect(nameTailKey(nameKey('Chloé O’Brien'))).toBe("o'brien");
    expect(nameTailKey(nameKey('Jan van der Berg'))).toBe('van der berg');
    expect(nameTailKey(nameKey('Madonna'))).toBeNull();
    expect(nameTailKey(null)).toBeNull();
  });

  it('has no key for no name, or only spaces', () => {
    expect(nameKey(null)).toBeNull();
    expect(nameKey(undefined)).toBeNull();
    expect(nameKey('   ')).toBeNull();
  });
});
