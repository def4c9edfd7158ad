import { describe, expect, it } from 'vitest';
import { geolocationFromHeaders } from './geolocation.ts';

describe('geolocationFromHeaders', () => {
  it('reads Cloudflare headers', () => {
    expect(geolocationFromHeaders({ 'cf-ipcountry': 'de', 'cf-region': 'Bavaria', 'cf-ipcity': 'Munich' })).toEqual({
      country_code: 'DE',
      region: 'Bavaria',
      city: 'Munich',
    });
  });

  it('reads Vercel headers and decodes the city', () => {
    expect(
      geolocationFromHeaders({
        'x-vercel-ip-country': 'BR',
        'x-vercel-ip-country-region': 'SP',
        'x-vercel-ip-city': 'S%C3%A3o%20Paulo',
      }),
    ).toEqual({
      country_code: 'BR',
      region: 'SP',
      city: 'São Paulo',
    });
  });

  it('answers empty strings without headers, and for unknown or malformed countries', () => {
    expect(geolocationFromHeaders({})).toEqual({ country_code: '', region: '', city: '' });
    expect(geolocationFromHeaders({ 'cf-ipcountry': 'XX' }).country_code).toBe('');
    expect(geolocationFromHeaders({ 'cf-ipcountry': 'GBR' }).country_code).toBe('');
    expect(geolocationFromHeaders({ 'x-vercel-ip-city': '%E0%A4%A' }).city).toBe('%E0%A4%A');
  });
});
