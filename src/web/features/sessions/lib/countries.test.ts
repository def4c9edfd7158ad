import { describe, expect, it } from 'vitest';
import { findCountries, listCountries } from './countries.ts';

describe('findCountries', () => {
  const names = (text: string) => findCountries(listCountries(), text).map((country) => country.name);

  it('puts the country a two-letter code names first, then the names that contain it', () => {
    const found = names('de');
    expect(found[0]).toBe('Germany');
    expect(found).toEqual(expect.arrayContaining(['Bangladesh', 'Sweden']));
    expect(names('US')[0]).toBe('United States');
    expect(names('gb')[0]).toBe('United Kingdom');
  });

  it('knows usual names that are neither the name nor the code', () => {
    expect(names('uk')[0]).toBe('United Kingdom');
    expect(names('USA')).toEqual(['United States']);
  });

  it('matches names whatever their accents and case', () => {
    expect(names('aland')).toEqual(['Åland Islands', 'New Zealand']);
    expect(names('CÔTE')).toContain('Côte d’Ivoire');
    expect(names('  ')).toHaveLength(listCountries().length);
  });

  it('moves a country ahead only of others of its own rank', () => {
    const countries = [
      { code: 'SE', name: 'Sweden' },
      { code: 'BD', name: 'Bangladesh' },
      { code: 'DE', name: 'Germany' },
    ];
    const own = new Set(['SE']);
    const found = findCountries(countries, 'de', (country) => (own.has(country.code) ? 0 : 1));
    expect(found.map((country) => country.code)).toEqual(['SE', 'DE', 'BD']);
  });
});
