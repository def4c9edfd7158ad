import { domainToASCII } from 'node:url';
import { errors } from '../../errors.ts';

const LABELS = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const WITH_PORT = /^(.+?)(?::(\d{1,5}))?$/;

function invalidHost(input: string) {
  return errors.validation(
    'invalid_host',
    `"${input.slice(0, 100)}" is not a host name such as shop.example.com (a port may follow; no scheme or path)`,
    'host',
  );
}

/**
 * A website's host as stored and matched against page origins: a host name, lower-cased, an
 * internationalised name in its punycode (ASCII) form, and an optional port from 1 to 65535.
 * Schemes, paths, credentials and IPv6 literals are refused.
 */
export function normaliseHost(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '' || /[\s/\\?#@[\]]/.test(trimmed)) throw invalidHost(input);
  const [, name = '', port] = WITH_PORT.exec(trimmed) ?? [];
  const ascii = domainToASCII(name.toLowerCase());
  if (!LABELS.test(ascii)) throw invalidHost(input);
  if (port === undefined) return ascii;
  const number = Number(port);
  if (number < 1 || number > 65535) throw invalidHost(input);
  return `${ascii}:${number}`;
}
