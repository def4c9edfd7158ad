import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { expectError, expectSameErrorApartFromRequestId } from '../test/api-responses.ts';
import { describeApi } from '../test/harness.ts';
import { createPerson, login, sessionCookieOf, uniqueEmail } from '../test/people.ts';

describeApi('sign-in rate limit per IP', (ctx) => {
  it('answers the 11th attempt within a minute from one IP with 429 and retry-after, whatever the password', async () => {
    const account = await ctx().newAccount();
    const person = await createPerson(ctx().database.db, account.accountId, 'admin');
    const ip = '203.0.113.77';
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await login(ctx(), { email: person.email, password: `wrong-${attempt}` }, { remoteAddress: ip });
      expectError(response, 401, { type: 'authentication_error', code: 'invalid_credentials' });
    }
    const limited = await login(ctx(), { email: person.email, password: person.password }, { remoteAddress: ip });
    expectError(limited, 429, { type: 'rate_limit_error' });
    const retryAfter = String(limited.headers['retry-after']);
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(sessionCookieOf(limited)).toBeUndefined();
    // Still limited for that IP, even with an e-mail in another case.
    expectError(
      await login(ctx(), { email: person.email.toUpperCase(), password: person.password }, { remoteAddress: ip }),
      429,
      {
        type: 'rate_limit_error',
      },
    );

    // A client cannot claim another address: x-forwarded-for is not trusted.
    expectError(
      await login(
        ctx(),
        { email: person.email, password: person.password },
        { remoteAddress: ip, headers: { 'x-forwarded-for': '198.51.100.9' } },
      ),
      429,
      { type: 'rate_limit_error' },
    );

    // Another address has its own budget (another person: this one's e-mail has spent its own budget too).
    const colleague = await createPerson(ctx().database.db, account.accountId, 'analyst');
    const elsewhere = await login(
      ctx(),
      { email: colleague.email, password: colleague.password },
      { remoteAddress: '203.0.113.78' },
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    // Signed-in requests are not counted against the sign-in budget of the address.
    const cookie = sessionCookieOf(elsewhere) as string;
    const me = await ctx().app.inject({ method: 'GET', url: '/v1/auth/me', remoteAddress: ip, headers: { cookie } });
    expect(me.statusCode, me.body).toBe(200);
  });
});

describeApi('sign-in rate limit per account', (ctx) => {
  /** The budget's attempts (ten by default) spread over five addresses, then one more; the e-mail's budget is spent either way. */
  async function guessFromManyAddresses(
    email: string,
  ): Promise<{ refused: LightMyRequestResponse[]; limited: LightMyRequestResponse }> {
    const refused: LightMyRequestResponse[] = [];
    for (let attempt = 0; attempt < ctx().config.SIGN_IN_ATTEMPTS_PER_ACCOUNT; attempt++) {
      const remoteAddress = `198.51.100.${10 + (attempt % 5)}`;
      refused.push(await login(ctx(), { email, password: `guess-${attempt}` }, { remoteAddress }));
    }
    const limited = await login(ctx(), { email, password: 'one more guess' }, { remoteAddress: '198.51.100.99' });
    return { refused, limited };
  }

  it('stops guesses against one e-mail spread over many addresses, even the right password, with a 429', async () => {
    const account = await ctx().newAccount();
    const person = await createPerson(ctx().database.db, account.accountId, 'admin');
    const { refused, limited } = await guessFromManyAddresses(person.email);
    for (const response of refused)
      expectError(response, 401, { type: 'authentication_error', code: 'invalid_credentials' });
    expectError(limited, 429, { type: 'rate_limit_error', code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    // The right password, from a fresh address, in another case: still the same e-mail, still limited.
    const right = await login(
      ctx(),
      { email: person.email.toUpperCase(), password: person.password },
      { remoteAddress: '192.0.2.1' },
    );
    expectError(right, 429, { type: 'rate_limit_error', code: 'rate_limited' });
    expect(sessionCookieOf(right)).toBeUndefined();
    // Other people are not affected.
    const colleague = await createPerson(ctx().database.db, account.accountId, 'analyst');
    expect((await login(ctx(), { email: colleague.email, password: colleague.password })).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly as a known one: the same 401s, then the same 429', async () => {
    const account = await ctx().newAccount();
    const person = await createPerson(ctx().database.db, account.accountId, 'support');
    const known = await guessFromManyAddresses(person.email);
    const unknown = await guessFromManyAddresses(uniqueEmail('nobody'));
    known.refused.forEach((response, index) =>
      expectSameErrorApartFromRequestId(response, unknown.refused[index] as LightMyRequestResponse),
    );
    const knownError = expectError(known.limited, 429, { type: 'rate_limit_error' });
    const unknownError = expectError(unknown.limited, 429, { type: 'rate_limit_error' });
    expect(unknownError.code).toBe(knownError.code);
    expect(unknownError.message.replace(/\d+/g, 'N')).toBe(knownError.message.replace(/\d+/g, 'N'));
  });
});

describeApi(
  'sign-in budgets set in the configuration',
  (ctx) => {
    it('refuses the attempt past SIGN_IN_ATTEMPTS_PER_ADDRESS from one address, and past SIGN_IN_ATTEMPTS_PER_ACCOUNT for one e-mail', async () => {
      const account = await ctx().newAccount();
      const person = await createPerson(ctx().database.db, account.accountId, 'analyst');
      const ip = '203.0.113.90';
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await login(ctx(), { email: uniqueEmail('someone'), password: 'x' }, { remoteAddress: ip });
        expectError(response, 401, { type: 'authentication_error' });
      }
      expectError(await login(ctx(), { email: person.email, password: person.password }, { remoteAddress: ip }), 429, {
        type: 'rate_limit_error',
      });

      // Five right sign-ins from five addresses spend the e-mail's budget too; the sixth waits.
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await login(
          ctx(),
          { email: person.email, password: person.password },
          { remoteAddress: `198.51.100.${150 + attempt}` },
        );
        expect(response.statusCode, response.body).toBe(200);
      }
      expectError(
        await login(ctx(), { email: person.email, password: person.password }, { remoteAddress: '198.51.100.199' }),
        429,
        { type: 'rate_limit_error' },
      );
    });
  },
  { SIGN_IN_ATTEMPTS_PER_ADDRESS: '3', SIGN_IN_ATTEMPTS_PER_ACCOUNT: '5' },
);
