/**
 * Headers beside the credentials that some routes read: the page's Origin (ingest's origin policy),
 * the User-Agent (device detection), conditional and negotiation headers, an encoding nobody decodes.
 */
import fc from 'fast-check';
import type { Part } from './fuzz-body.ts';

const HEADER_CASES: [string, Record<string, string>][] = [
  ['origin of the website', { origin: 'https://shop.example.com' }],
  ['origin of a subdomain', { origin: 'https://www.shop.example.com' }],
  ['origin of another site', { origin: 'https://evil.example' }],
  ['origin "null"', { origin: 'null' }],
  ['malformed origin', { origin: 'http://[::1' }],
  ['origin with a huge port', { origin: 'https://shop.example.com:99999' }],
  ['origin of localhost', { origin: 'http://localhost:3000' }],
  ['empty user-agent', { 'user-agent': '' }],
  ['user-agent of 8 KB', { 'user-agent': `Mozilla/5.0 ${'(x; '.repeat(2_000)}` }],
  ['bot user-agent', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }],
  [
    'mobile user-agent',
    { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1' },
  ],
  ['forwarded-for junk', { 'x-forwarded-for': 'not-an-ip, , 999.1.1.1', 'cf-ipcountry': 'XX' }],
  ['accept html', { accept: 'text/html' }],
  ['accept nothing JSON', { accept: 'image/png' }],
  ['if-none-match', { 'if-none-match': '*' }],
  ['gzip content-encoding', { 'content-encoding': 'gzip' }],
  ['sec-fetch-site same-origin', { 'sec-fetch-site': 'same-origin' }],
];

/** Usually none; sometimes one of the cases above. */
export const extraHeaders: fc.Arbitrary<Part<Record<string, string>>> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ value: {} }) },
  { weight: 1, arbitrary: fc.constantFrom(...HEADER_CASES).map(([mutation, value]) => ({ value, mutation })) },
);
