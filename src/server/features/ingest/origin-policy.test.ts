import { describe, expect, it } from 'vitest';
import { candidateWebsiteHosts, isOriginAllowed, parseOrigin } from './origin-policy.ts';

describe('isOriginAllowed', () => {
  it('accepts the website host and its subdomains, over http or https, on any port', () => {
    for (const origin of [
      'https://shop.example.com',
      'http://shop.example.com',
      'https://www.shop.example.com',
      'https://shop.example.com:8443',
    ]) {
      expect(isOriginAllowed(origin, 'shop.example.com', false), origin).toBe(true);
    }
  });

  it('refuses other hosts, look-alikes, parents and other schemes', () => {
    for (const origin of [
      'https://example.com',
      'https://evilshop.example.com',
      'https://shop.example.com.evil.test',
      'https://other.test',
      'null',
      'file://',
      'ftp://shop.example.com',
      'https://shop.example.com/path',
      'not an origin',
    ]) {
      expect(isOriginAllowed(origin, 'shop.example.com', false), origin).toBe(false);
    }
  });

  it('holds a website host with a port to that port', () => {
    expect(isOriginAllowed('https://shop.example.com:8443', 'shop.example.com:8443', false)).toBe(true);
    expect(isOriginAllowed('https://shop.example.com', 'shop.example.com:8443', false)).toBe(false);
    expect(isOriginAllowed('https://shop.example.com', 'shop.example.com:443', false)).toBe(true);
  });

  it('accepts local origins for any website only when allowed', () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://app.localhost',
    ]) {
      expect(isOriginAllowed(origin, 'shop.example.com', false), origin).toBe(false);
      expect(isOriginAllowed(origin, 'shop.example.com', true), origin).toBe(true);
    }
  });
});

describe('candidateWebsiteHosts', () => {
  it('lists the host and its parent domains, each also with the port', () => {
    expect(candidateWebsiteHosts('https://www.shop.example.com')).toEqual([
      'www.shop.example.com',
      'www.shop.example.com:443',
      'shop.example.com',
      'shop.example.com:443',
      'example.com',
      'example.com:443',
    ]);
  });

  it('lists nothing for local or unreadable origins', () => {
    expect(candidateWebsiteHosts('http://localhost:3000')).toEqual([]);
    expect(candidateWebsiteHosts('null')).toEqual([]);
  });

  it('reads default ports', () => {
    expect(parseOrigin('http://a.example.com')).toEqual({ hostname: 'a.example.com', port: '80' });
  });
});
