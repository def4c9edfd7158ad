import { describe, expect, it } from 'vitest';
import { expectError } from '../test/api-responses.ts';
import { describeApi } from '../test/harness.ts';
import { badlyEncodedParameter } from './query-encoding.ts';

describe('badlyEncodedParameter', () => {
  it('names the first parameter whose name or value is not valid percent-encoded UTF-8', () => {
    expect(badlyEncodedParameter('url=%FF')).toBe('url');
    expect(badlyEncodedParameter('size=5&url=%E2%82')).toBe('url');
    expect(badlyEncodedParameter('q=a%ZZb')).toBe('q');
    expect(badlyEncodedParameter('q=100%')).toBe('q');
    expect(badlyEncodedParameter('q=%ED%A0%80')).toBe('q');
    expect(badlyEncodedParameter('%FF=1')).toBe('%FF');
    expect(badlyEncodedParameter('utm%5Fsource=%FF')).toBe('utm_source');
  });

  it('passes what is valid, encoded or not', () => {
    for (const query of [
      '',
      'url=checkout',
      'url=%E2%82%AC',
      'q=a+b%2B%25',
      'email=%20jane%40example.com',
      'a',
      '&&',
    ]) {
      expect(badlyEncodedParameter(query), query).toBeNull();
    }
  });
});

describeApi('query strings that are not valid percent-encoded UTF-8', (ctx) => {
  it('are refused with a 400 naming the parameter, on every route', async () => {
    const account = await ctx().newAccount();
    for (const [url, param] of [
      ['/v1/sessions?url=%FF', 'url'],
      ['/v1/sessions?page=0&url=%E2%82', 'url'],
      ['/v1/sessions?url=%ZZ', 'url'],
      ['/v1/visitors/search?q=a%FFb', 'q'],
      ['/v1/sessions?date_from=%FF', 'date_from'],
    ] as const) {
      const response = await ctx().request(account.token, { method: 'GET', url });
      const error = expectError(response, 400, { type: 'validation_error', code: 'invalid_encoding', param });
      expect(error.message, url).toBe(`${param} is not valid percent-encoded UTF-8 text`);
    }
    // Encoded text itself still reads as before.
    const euro = await ctx().request(account.token, { method: 'GET', url: '/v1/sessions?url=%E2%82%AC' });
    expect(euro.statusCode, euro.body).toBe(200);
  });
});
