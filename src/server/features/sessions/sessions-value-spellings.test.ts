import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { listOrder, sessionIds, sessionListApi } from './test-support/session-list-requests.ts';

describeApi('GET /v1/sessions: device, browser and OS in any case', (ctx) => {
  const db = () => ctx().database.db;
  const { list } = sessionListApi(ctx);

  it('reads a device, browser or OS typed in another case as the name the sessions have, with its exact total', async () => {
    const account = await ctx().newAccount();
    const visitor = await insertVisitor(db(), account.accountId);
    const clients = [
      { device: 'mobile', browser_name: 'Chrome', os_name: 'Android' },
      { device: 'mobile', browser_name: 'Safari', os_name: 'iOS' },
      { device: 'desktop', browser_name: 'Chrome', os_name: 'macOS' },
      { device: 'desktop', browser_name: 'Microsoft Edge', os_name: 'Windows' },
    ];
    const rows = [];
    for (const [index, client] of clients.entries()) {
      rows.push(
        await insertSession(db(), account.accountId, account.websiteId, visitor.id, {
          ...client,
          creation_timestamp: 1_750_000_000 + index * 5_000,
        }),
      );
    }
    // Another account's spelling is not this account's.
    const other = await ctx().newAccount();
    const stranger = await insertVisitor(db(), other.accountId);
    await insertSession(db(), other.accountId, other.websiteId, stranger.id, { browser_name: 'chrome' });

    const chrome = listOrder(rows.filter((row) => row.browser_name === 'Chrome'));
    for (const browser of ['Chrome', 'chrome', 'CHROME']) {
      const body = await list(account, { browser });
      expect(body.total, browser).toBe(2);
      expect(sessionIds(body), browser).toEqual(chrome);
    }
    expect((await list(account, { browser: 'microsoft edge' })).total).toBe(1);
    expect((await list(account, { device: 'MOBILE', os: 'ios' })).sessions.map((s) => s.os.name)).toEqual(['iOS']);
    expect((await list(account, { os: 'MACOS', browser: 'chrome', device: 'Desktop' })).total).toBe(1);
    // Still the whole name: a part of it, or another name, matches nothing.
    for (const browser of ['chrom', 'Chromium', 'edge']) {
      expect(await list(account, { browser }), browser).toMatchObject({ total: 0, sessions: [] });
    }
  });
});
