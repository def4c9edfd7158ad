import { expect, it } from 'vitest';
import type { VisitorSearchResultResource } from '../../../api/schemas/visitors.ts';
import { describeApi } from '../../test/harness.ts';
import { insertVisitor } from '../../test/session-fixtures.ts';
import { searchAmong } from './visitor-search-fixtures.ts';

/** Letters that lower case and dropped accents leave apart from what people type for them. */
describeApi('GET /v1/visitors/search: letters typed otherwise', (ctx) => {
  it('finds a name by the letters typed for a dotless i or a final sigma', async () => {
    const names = await searchAmong(ctx(), 'Işık Yıldız', 'Mehmet Ali Kılıç', 'Σωκράτης Παππάς');
    expect(await names('isik')).toEqual(['Işık Yıldız']);
    expect(await names('IŞIK')).toEqual(['Işık Yıldız']);
    expect(await names('yildiz')).toEqual(['Işık Yıldız']);
    expect(await names('kilic')).toEqual(['Mehmet Ali Kılıç']);
    expect(await names('σωκρατησ')).toEqual(['Σωκράτης Παππάς']);
    expect(await names('ΠΑΠΠΑΣ')).toEqual(['Σωκράτης Παππάς']);
  });

  it('finds a name by the letters typed for a stroked letter or a ligature', async () => {
    const names = await searchAmong(ctx(), 'Łukasz Żółć', 'Ægir Øresund', 'Maria Groß', 'Đorđe Þórðarson');
    expect(await names('zolc')).toEqual(['Łukasz Żółć']);
    expect(await names('ŁUKASZ Ż')).toEqual(['Łukasz Żółć']);
    expect(await names('oresund')).toEqual(['Ægir Øresund']);
    expect(await names('aegir')).toEqual(['Ægir Øresund']);
    expect(await names('GROSS')).toEqual(['Maria Groß']);
    expect(await names('groß')).toEqual(['Maria Groß']);
    expect(await names('thordarson')).toEqual(['Đorđe Þórðarson']);
    expect(await names('dorde')).toEqual(['Đorđe Þórðarson']);
  });

  it('finds an e-mail by the letters typed for a capital sigma or a dotted capital I', async () => {
    const letters = await ctx().newAccount();
    await insertVisitor(ctx().database.db, letters.accountId, { email: 'ΣΟΦΟΣ@example.gr' });
    await insertVisitor(ctx().database.db, letters.accountId, { email: 'İrem@example.com.tr' });
    for (const [typed, email] of [
      ['σοφοσ', 'ΣΟΦΟΣ@example.gr'],
      ['ΣΟΦΟΣ@', 'ΣΟΦΟΣ@example.gr'],
      ['σοφος@ex', 'ΣΟΦΟΣ@example.gr'],
      ['irem', 'İrem@example.com.tr'],
      ['İREM@', 'İrem@example.com.tr'],
    ] as [string, string][]) {
      const response = await ctx().request(letters.token, {
        method: 'GET',
        url: `/v1/visitors/search?${new URLSearchParams({ q: typed }).toString()}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const found = response.json<VisitorSearchResultResource>().visitors;
      expect(
        found.map((visitor) => [visitor.email, visitor.matched_by]),
        typed,
      ).toEqual([[email, 'email']]);
    }
  });
});
