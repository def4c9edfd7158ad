/** What webhook bodies and answers hold: the Webhook's fields, and the rules every body (create or update) obeys. */
import { hookUrl, webhookBody } from '../../../test/alerts-and-webhooks.ts';
import { type BadBodyCase } from '../../../test/refused-bodies.ts';

export const WEBHOOK_FIELDS = [
  'webhook_id',
  'url',
  'website',
  'website_id',
  'version',
  'enabled',
  'created_date',
  'created_by',
  // Additions for delivery (decisions.md §8).
  'failing_since',
  'disabled_reason',
  'health',
  // Until when the secret replaced by the last rotation still signs.
  'previous_secret_expires_at',
];

/** Targets the address guard must refuse whatever the scheme policy: loopback, private, link-local and the like. */
export const INTERNAL_HOSTS = [
  '127.0.0.1',
  '10.0.0.5',
  '172.16.3.4',
  '192.168.1.10',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '[fd00::1]',
  '[fe80::1]',
  '2130706433',
  '0x7f.1',
  'localhost',
  'api.localhost',
  'metadata.internal',
];

/** URLs refused under the default policy (https only), each a 400 on `url`. */
const BAD_URLS: { label: string; url: string }[] = [
  { label: 'plain http', url: 'http://hooks.example.com/hook' },
  { label: 'ftp', url: 'ftp://hooks.example.com/hook' },
  { label: 'a relative URL', url: '/hook' },
  { label: 'not a URL', url: 'hooks example com' },
  { label: 'an empty URL', url: '' },
  { label: 'a URL over 2048 characters', url: `https://hooks.example.com/${'a'.repeat(2048)}` },
  { label: 'credentials in the URL', url: 'https://user:pass@hooks.example.com/hook' },
  ...INTERNAL_HOSTS.map((host) => ({ label: `internal host ${host}`, url: `https://${host}/x` })),
];

/** A body the API must refuse, built for the calling account's website. */
export type BodyRuleCase = Omit<BadBodyCase, 'body'> & { body: (websiteId: string) => unknown };

/** Body rules shared by create and update (both take url, website_id and version). */
export const webhookBodyRuleCases: BodyRuleCase[] = [
  ...BAD_URLS.map(({ label, url }): BodyRuleCase => ({
    name: label,
    body: (websiteId) => webhookBody(websiteId, { url }),
    param: 'url',
  })),
  { name: 'version v2.0', body: (websiteId) => webhookBody(websiteId, { version: 'v2.0' }), param: 'version' },
  { name: 'version v1', body: (websiteId) => webhookBody(websiteId, { version: 'v1' }), param: 'version' },
  { name: 'version 1.0', body: (websiteId) => webhookBody(websiteId, { version: '1.0' }), param: 'version' },
  { name: 'an empty version', body: (websiteId) => webhookBody(websiteId, { version: '' }), param: 'version' },
  { name: 'an unknown website', body: () => webhookBody('web_doesNotExist0000000000'), param: 'website_id' },
  { name: 'an empty website_id', body: () => webhookBody(''), param: 'website_id' },
  { name: 'no url', body: (websiteId) => webhookBody(websiteId, { url: undefined }), param: 'url', code: 'required' },
  { name: 'no website_id', body: () => ({ url: hookUrl(), version: 'v1.0' }), param: 'website_id', code: 'required' },
  {
    name: 'no version',
    body: (websiteId) => webhookBody(websiteId, { version: undefined }),
    param: 'version',
    code: 'required',
  },
  { name: 'a numeric url', body: (websiteId) => webhookBody(websiteId, { url: 5 }), param: 'url' },
  { name: 'a numeric website_id', body: (websiteId) => webhookBody(websiteId, { website_id: 5 }), param: 'website_id' },
  { name: 'a numeric version', body: (websiteId) => webhookBody(websiteId, { version: 1.0 }), param: 'version' },
  {
    name: 'an unknown field',
    body: (websiteId) => webhookBody(websiteId, { colour: 'red' }),
    param: 'colour',
    code: 'unknown_parameter',
  },
  {
    name: 'a secret',
    body: (websiteId) => webhookBody(websiteId, { secret: 'whsec_mine' }),
    param: 'secret',
    code: 'unknown_parameter',
  },
  {
    name: 'created_by (returned only)',
    body: (websiteId) => webhookBody(websiteId, { created_by: 'me' }),
    param: 'created_by',
    code: 'unknown_parameter',
  },
];
