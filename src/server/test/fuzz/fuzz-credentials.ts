/**
 * Credentials for a generated request: the admin's API token, the admin's dashboard sign-in (with the
 * same-origin header the dashboard sends), none, or a malformed or misplaced one.
 */
import fc from 'fast-check';
import type { FuzzWorld } from './fuzz-world.ts';
import type { Operation } from './openapi-operations.ts';

export interface CredentialPart {
  value: Record<string, string>;
  mutation?: string;
  /** The admin's own credentials, in a form the API accepts: never answered with a 401. */
  valid?: boolean;
}

function hostileCredentials(world: FuzzWorld, cookie: string): fc.Arbitrary<CredentialPart> {
  const cases: [string, Record<string, string>, boolean?][] = [
    ['bare "Bearer"', { authorization: 'Bearer' }],
    // Clients of the hosted service send the token without the scheme, and that is accepted.
    ['bare token without "Bearer"', { authorization: world.token }, true],
    ['"Bearer" and two tokens', { authorization: `Bearer ${world.token} ${world.token}` }],
    ['lower-case bearer', { authorization: `bearer ${world.token}` }, true],
    [
      'token with a changed last character',
      { authorization: `Bearer ${world.token.slice(0, -1)}${world.token.endsWith('A') ? 'B' : 'A'}` },
    ],
    ['very long token', { authorization: `Bearer sa_${'A'.repeat(8_000)}` }],
    ['Basic credentials', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ['percent-encoded junk cookie', { cookie: 'sa_session=%zz%E0%A4%A', origin: world.origin }],
    ['two session cookies', { cookie: `${cookie}; sa_session=nope`, origin: world.origin }],
    ['very long cookie', { cookie: `sa_session=${'x'.repeat(8_000)}`, origin: world.origin }],
    ['cookie from another origin', { cookie: cookie, origin: 'https://evil.example' }],
    ['cookie with a malformed origin', { cookie: cookie, origin: 'null' }],
    ['cookie with a malformed referer', { cookie: cookie, referer: '::not a url' }],
    ['cookie and a bad token', { cookie: cookie, origin: world.origin, authorization: 'Bearer sa_nope' }],
  ];
  return fc.constantFrom(...cases).map(([mutation, value, valid]) => ({ value, mutation, valid: valid === true }));
}

/** Credentials for `operation`; public operations are mostly sent without any. */
export function credentials(operation: Operation, world: FuzzWorld): fc.Arbitrary<CredentialPart> {
  const token: fc.Arbitrary<CredentialPart> = fc.constant({
    value: { authorization: `Bearer ${world.token}` },
    valid: true,
  });
  // Signing out must not end the sign-in every other request uses.
  const cookies = operation.operationId === 'logout' ? world.spareCookies : [world.cookie];
  const signedIn: fc.Arbitrary<CredentialPart> = fc.constantFrom(...cookies).map((value) => ({
    value: { cookie: value, origin: world.origin },
    valid: true,
  }));
  const none: fc.Arbitrary<CredentialPart> = fc.constant({ value: {} });
  if (operation.security.length === 0) {
    // The tracker posts from the website's pages; the sign-in form from the app's own.
    const pageOrigin = operation.operationId === 'ingestEvents' ? 'https://shop.example.com' : world.origin;
    const sameOrigin: fc.Arbitrary<CredentialPart> = fc.constant({ value: { origin: pageOrigin } });
    return fc.oneof(
      { weight: 2, arbitrary: none },
      { weight: 4, arbitrary: sameOrigin },
      { weight: 1, arbitrary: signedIn },
      { weight: 1, arbitrary: hostileCredentials(world, cookies[0] ?? world.cookie) },
    );
  }
  return fc.oneof(
    { weight: operation.security.includes('bearer') ? 5 : 1, arbitrary: token },
    { weight: 5, arbitrary: signedIn },
    { weight: 1, arbitrary: none },
    { weight: 2, arbitrary: hostileCredentials(world, cookies[0] ?? world.cookie) },
  );
}
