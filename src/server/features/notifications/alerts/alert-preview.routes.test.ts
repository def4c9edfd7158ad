import { beforeAll, expect, it } from 'vitest';
import { newVisitorId, recordVisit } from '../../../compat/visits.ts';
import { publicKeyOf } from '../../../test/tracker-ids.ts';
import { newId } from '../../../lib/ids.ts';
import { createWebhook } from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError } from '../../../test/api-responses.ts';
import { type TestAccount, type TestContext, describeApi } from '../../../test/harness.ts';
import { createWebsite } from '../../websites/websites.service.ts';
import { previewAlert } from './alert-preview.service.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Preview {
  from: string;
  to: string;
  scanned_events: number;
  matches: number;
  fires: number;
  messages: number;
  held_back: number;
  truncated: boolean;
}

/** Stores events of one session at the given times, as ingestion would have. */
async function storeEvents(
  ctx: TestContext,
  account: TestAccount,
  sessionId: string,
  events: { kind: number; at: number; data: Record<string, unknown> }[],
): Promise<void> {
  await ctx.database.db
    .insertInto('session_events')
    .values(
      events.map((event) => ({
        account_id: account.accountId,
        id: newId('evt'),
        session_id: sessionId,
        kind: event.kind,
        occurred_at: event.at,
        data: JSON.stringify(event.data),
      })),
    )
    .execute();
}

async function preview(ctx: TestContext, account: TestAccount, body: Record<string, unknown>): Promise<Preview> {
  const response = await sendJson(ctx, account.token, 'POST', '/v1/alerts/preview', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Preview>();
}

describeApi('alert preview', (ctx) => {
  let account: TestAccount;
  let now: number;
  const typeError = { message: 'TypeError: total is undefined' };
  beforeAll(async () => {
    account = await ctx().newAccount();
    now = Date.now();
    const sessionId = await recordVisit(ctx(), await publicKeyOf(ctx(), account.websiteId), newVisitorId());
    const burst = now - 3 * DAY;
    await storeEvents(ctx(), account, sessionId, [
      { kind: 25, at: now - 8 * DAY, data: typeError },
      { kind: 25, at: burst, data: typeError },
      { kind: 25, at: burst + MINUTE, data: typeError },
      { kind: 25, at: burst + 2 * MINUTE, data: typeError },
      { kind: 25, at: now - 2 * DAY, data: { message: 'ReferenceError: x is not defined' } },
      { kind: 5, at: now - 2 * DAY, data: { text: 'TypeError' } },
      { kind: 25, at: now - DAY, data: typeError },
    ]);
  });

  it('counts the last 7 days of matches and the messages the quiet period would have sent', async () => {
    const result = await preview(ctx(), account, { events: [{ kind: 25, value: 'typeerror' }] });
    // The burst sends once and holds two back for a summary; the match a day ago sends again.
    expect(result).toMatchObject({ matches: 4, fires: 4, messages: 3, held_back: 2, truncated: false });
    expect(result.scanned_events).toBe(5);
    expect(Date.parse(result.to) - Date.parse(result.from)).toBe(7 * DAY);
    const everyMatch = await preview(ctx(), account, {
      events: [{ kind: 25, value: 'TypeError' }],
      quiet_period_minutes: 0,
    });
    expect(everyMatch).toMatchObject({ matches: 4, messages: 4, held_back: 0 });
  });

  it('with a threshold, counts only the matches that reach it', async () => {
    const result = await preview(ctx(), account, {
      events: [{ kind: 25, value: 'TypeError' }],
      threshold_count: 3,
      threshold_window_minutes: 10,
    });
    expect(result).toMatchObject({ matches: 4, fires: 1, messages: 1, held_back: 0 });
  });

  it("with a webhook, counts only its website's events", async () => {
    const other = await createWebsite(ctx().database.db, {
      accountId: account.accountId,
      host: 'blog.example.com',
      name: 'Blog',
    });
    const own = await createWebhook(ctx(), account);
    const elsewhere = await createWebhook(ctx(), account, { website_id: other.id });
    const events = [{ kind: 25 }];
    expect((await preview(ctx(), account, { events, webhook_id: own.webhook_id })).matches).toBe(5);
    expect(await preview(ctx(), account, { events, webhook_id: elsewhere.webhook_id })).toMatchObject({
      matches: 0,
      messages: 0,
      scanned_events: 0,
    });
  });

  it('examines at most the limit, newest first, and says where its figures start', async () => {
    const result = await previewAlert(ctx().database.db, account.accountId, { events: [{ kind: 25 }] }, { limit: 2 });
    expect(result).toMatchObject({ truncated: true, scanned_events: 2, matches: 2 });
    expect(Date.parse(result.from)).toBe(now - 2 * DAY);
  });

  it.each([
    [{ events: [] }, 'events'],
    [{ events: [{ kind: 1 }] }, 'events.0.kind'],
    [{ events: [{ kind: 21, value: 'lots' }] }, 'events.0.value'],
    [{ events: [{ kind: 25 }], threshold_count: 3 }, 'threshold_window_minutes'],
    [{ events: [{ kind: 25 }], quiet_period_minutes: -1 }, 'quiet_period_minutes'],
    [{ events: [{ kind: 25 }], webhook_id: 'whk_nope' }, 'webhook_id'],
    [{ events: [{ kind: 25 }], name: 'not a preview field' }, 'name'],
  ])('refuses %j with a 400 naming %s', async (body, param) => {
    const response = await sendJson(ctx(), account.token, 'POST', '/v1/alerts/preview', body);
    expectError(response, 400, { type: 'validation_error', param });
  });
});
