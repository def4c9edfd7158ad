import { expect, it } from 'vitest';
import { sendRaw } from '../test/api-requests.ts';
import { expectError } from '../test/api-responses.ts';
import { describeApi } from '../test/harness.ts';

describeApi('keys that would reach prototypes, and parameters without a name', (ctx) => {
  it('refuses a JSON body holding __proto__ or constructor.prototype as what it is, not as broken JSON', async () => {
    const account = await ctx().newAccount();
    for (const body of [
      '{"name":"x","query":{"__proto__":{"admin":true}}}',
      '{"name":"x","query":{"constructor":{"prototype":{"admin":true}}}}',
    ]) {
      const response = await sendRaw(ctx(), account.token, 'POST', '/v1/views', body, 'application/json');
      expect(expectError(response, 400, { type: 'validation_error', code: 'forbidden_key' }).message).toContain(
        '__proto__',
      );
    }
    // Broken JSON is still called that.
    const broken = await sendRaw(ctx(), account.token, 'POST', '/v1/views', '{"name":', 'application/json');
    expectError(broken, 400, { type: 'validation_error', code: 'invalid_json' });
  });

  it('says a query parameter has no name, rather than quoting an empty one', async () => {
    const account = await ctx().newAccount();
    const response = await ctx().request(account.token, { method: 'GET', url: '/v1/sessions?=x' });
    const error = expectError(response, 400, { type: 'validation_error', code: 'unknown_parameter' });
    expect(error.message).toBe('A parameter has no name (nothing before its "=")');
  });
});
