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

  it('puts the country named exactly ahead of every group, and the rest by their rank', () => {
    const countries = [
      { code: 'BD', name: 'Bangladesh' },
      { code: 'DE', name: 'Germany' },
      { code: 'SE', name: 'Sweden' },
      { code: 'AT', name: 'Austria' },
      { code: 'US', name: 'United States' },
    ];
    const own = new Set(['SE', 'US']);
    const rank = (country: { code: string }) => (own.has(country.code) ? 0 : 1);
    expect(findCountries(countries, 'de', rank).map((country) => country.code)).toEqual(['DE', 'SE', 'BD']);
    // Austria, which no recent visitor came from, still comes before the United States for "at".
    expect(findCountries(countries, 'AT', rank).map((country) => country.code)).toEqual(['AT', 'US']);
    expect(findCountries(countries, 'sweden', rank).map((country) => country.code)).toEqual(['SE']);
  });
});
