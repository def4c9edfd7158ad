import { expect } from 'vitest';
import type { VisitorSearchResultResource } from '../../../api/schemas/visitors.ts';
import type { TestContext } from '../../test/harness.ts';
import { insertVisitor } from '../../test/session-fixtures.ts';

/** The names of the people the search finds for `q`, in their order, with `token`'s account. */
export async function namesFound(context: TestContext, token: string, q: string, limit?: number): Promise<string[]> {
  const query = new URLSearchParams({ q, ...(limit === undefined ? {} : { limit: String(limit) }) });
  const response = await context.request(token, { method: 'GET', url: `/v1/visitors/search?${query.toString()}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VisitorSearchResultResource>().visitors.map((visitor) => visitor.name);
}

/** A new account holding people with these names; returns the names its search finds for a text, in order. */
export async function searchAmong(
  context: TestContext,
  ...names: string[]
): Promise<(q: string, limit?: number) => Promise<string[]>> {
  const account = await context.newAccount();
  for (const name of names) await insertVisitor(context.database.db, account.accountId, { name });
  return (q, limit) => namesFound(context, account.token, q, limit);
}
