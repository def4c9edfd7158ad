import { Temporal } from '@js-temporal/polyfill';
import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { RELATIVE_DATES } from './date-range.ts';
import { expectedRelativeDay } from './test-support/expected-relative-day.ts';
import { type SessionQuery, listOrder, sessionIds, sessionListApi } from './test-support/session-list-requests.ts';

/** The instant a date parameter names, computed with Temporal (independent of the server's luxon). */
function expectedInstant(value: string, tz: string): Temporal.Instant {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return Temporal.PlainDate.from(value).toZonedDateTime({ timeZone: tz }).toInstant();
  if (/(Z|[+-]\d{2}:\d{2})$/.test(value)) return Temporal.Instant.from(value);
  return Temporal.PlainDateTime.from(value).toZonedDateTime(tz).toInstant();
}

function seconds(instant: Temporal.Instant): number {
  return Math.ceil(instant.epochMilliseconds / 1000);
}

/** Checks an ISO string of date_range: it names `instant` and carries the offset of `tz` at that instant. */
function expectIsoInstant(iso: string | null | undefined, instant: Temporal.Instant, tz: string): void {
  expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  expect(Temporal.Instant.from(iso ?? '').epochMilliseconds).toBe(instant.epochMilliseconds);
  const offset = (iso ?? '').endsWith('Z') ? '+00:00' : (iso ?? '').slice(-6);
  expect(offset).toBe(instant.toZonedDateTimeISO(tz).offset);
}

function localToday(tz: string): Temporal.PlainDate {
  return Temporal.Now.zonedDateTimeISO(tz).toPlainDate();
}

describeApi('GET /v1/sessions: date_from, date_to and tz', (ctx) => {
  const { list, sessionsAt } = sessionListApi(ctx);

  it('takes date_from inclusive and date_to exclusive, for ISO dates and date-times with and without offset', async () => {
    const account = await ctx().newAccount();
    const cases: { query: Record<string, string>; tz: string }[] = [
      { query: { date_from: '2025-03-30T10:00:00Z', date_to: '2025-03-30T12:00:00Z' }, tz: 'Europe/London' },
      {
        query: { date_from: '2025-03-30T10:00:00+02:00', date_to: '2025-03-30T10:30:00-05:30', tz: 'Asia/Tokyo' },
        tz: 'Asia/Tokyo',
      },
      { query: { date_from: '2025-03-30', date_to: '2025-07-01' }, tz: 'Europe/London' },
      { query: { date_from: '2025-03-30', date_to: '2025-03-31', tz: 'America/New_York' }, tz: 'America/New_York' },
      {
        query: { date_from: '2025-03-30T10:00', date_to: '2025-03-30T10:00:30', tz: 'Asia/Kolkata' },
        tz: 'Asia/Kolkata',
      },
      { query: { date_from: '2025-07-01T00:00:00', date_to: '2025-07-02T00:00:00' }, tz: 'Europe/London' },
      { query: { date_from: '2025-01-15T08:00:00.000Z' }, tz: 'Europe/London' },
      { query: { date_to: '2025-01-15', tz: 'Australia/Sydney' }, tz: 'Australia/Sydney' },
    ];
    for (const { query, tz } of cases) {
      const label = JSON.stringify(query);
      const from = query.date_from === undefined ? null : seconds(expectedInstant(query.date_from, tz));
      const to = query.date_to === undefined ? null : seconds(expectedInstant(query.date_to, tz));
      const probes = [
        ...(from === null ? [] : [from - 1, from, from + 1]),
        ...(to === null ? [] : [to - 1, to, to + 1]),
      ];
      const { visitor, rows } = await sessionsAt(account, probes);
      const inside = rows.filter(
        (row) => (from === null || row.creation_timestamp >= from) && (to === null || row.creation_timestamp < to),
      );
      const body = await list(account, { ...query, visitor_id: visitor.id });
      expect(sessionIds(body), label).toEqual(listOrder(inside));
      expect(body.total, label).toBe(inside.length);
      expect(Object.keys(body.date_range ?? {}).sort(), label).toEqual(['from', 'to', 'tz']);
      expect(body.date_range?.tz, label).toBe(tz);
      if (query.date_from === undefined) expect(body.date_range?.from, label).toBeNull();
      else expectIsoInstant(body.date_range?.from, expectedInstant(query.date_from, tz), tz);
      if (query.date_to === undefined) expect(body.date_range?.to, label).toBeNull();
      else expectIsoInstant(body.date_range?.to, expectedInstant(query.date_to, tz), tz);
    }
  });

  it('has no date_range without a date filter, even with tz', async () => {
    const account = await ctx().newAccount();
    await sessionsAt(account, [1_750_000_000]);
    for (const query of [{}, { tz: 'Asia/Kolkata' }, { page: 0, size: 5 }] as SessionQuery[]) {
      const body = await list(account, query);
      expect(body.total).toBe(1);
      expect('date_range' in body, JSON.stringify(query)).toBe(false);
    }
  });

  it('allows an empty range (date_from equal to date_to)', async () => {
    const account = await ctx().newAccount();
    const { visitor } = await sessionsAt(account, [1_743_328_799, 1_743_328_800, 1_743_328_801]);
    const body = await list(account, {
      visitor_id: visitor.id,
      date_from: '2025-03-30T10:00:00Z',
      date_to: '2025-03-30T10:00:00Z',
    });
    expect(body).toMatchObject({ total: 0, sessions: [] });
  });

  it('reads a zone name in any case and answers it as the time zone database spells it', async () => {
    const account = await ctx().newAccount();
    const { visitor } = await sessionsAt(account, [1_743_328_800]);
    const cases = [
      { sent: 'america/new_york', named: 'America/New_York' },
      { sent: 'ASIA/KOLKATA', named: 'Asia/Kolkata' },
      { sent: 'us/eastern', named: 'US/Eastern' },
      { sent: 'Asia/Calcutta', named: 'Asia/Calcutta' },
      { sent: 'etc/utc', named: 'Etc/UTC' },
    ];
    for (const { sent, named } of cases) {
      const body = await list(account, { visitor_id: visitor.id, date_from: '2025-03-30', tz: sent });
      expect(body.date_range?.tz, sent).toBe(named);
      expectIsoInstant(body.date_range?.from, expectedInstant('2025-03-30', named), named);
      expect(body.total, sent).toBe(1);
    }
  });

  for (const tz of [
    undefined,
    'Europe/London',
    'America/New_York',
    'Asia/Kolkata',
    'Pacific/Auckland',
    'America/Santiago',
  ]) {
    it(`reads relative dates as local midnights in ${tz ?? 'the default zone'} today`, async () => {
      const account = await ctx().newAccount();
      const zone = tz ?? 'Europe/London';
      for (const key of RELATIVE_DATES) {
        // Retried if the local day turns over while the check runs.
        for (let attempt = 0; ; attempt++) {
          const today = localToday(zone);
          const midnight = expectedRelativeDay(key, today).toZonedDateTime({ timeZone: zone }).toInstant();
          const at = seconds(midnight);
          const { visitor, rows } = await sessionsAt(account, [at - 1, at, at + 1]);
          const zoneParam: SessionQuery = tz === undefined ? {} : { tz };
          const since = await list(account, { ...zoneParam, visitor_id: visitor.id, date_from: key });
          const before = await list(account, { ...zoneParam, visitor_id: visitor.id, date_to: key });
          if (!localToday(zone).equals(today) && attempt < 2) continue;
          const label = `${key} in ${zone} on ${today.toString()}`;
          expect(sessionIds(since), label).toEqual(listOrder(rows.slice(1)));
          expect(since.total, label).toBe(2);
          expectIsoInstant(since.date_range?.from, midnight, zone);
          expect(since.date_range?.to, label).toBeNull();
          expect(since.date_range?.tz, label).toBe(zone);
          expect(sessionIds(before), label).toEqual([rows[0]?.id]);
          expect(before.date_range?.from, label).toBeNull();
          expectIsoInstant(before.date_range?.to, midnight, zone);
          break;
        }
      }
    });
  }

  it('combines relative strings: YESTERDAY to TODAY is exactly yesterday', async () => {
    const account = await ctx().newAccount();
    const tz = 'America/New_York';
    for (let attempt = 0; ; attempt++) {
      const today = localToday(tz);
      const start = seconds(today.subtract({ days: 1 }).toZonedDateTime({ timeZone: tz }).toInstant());
      const end = seconds(today.toZonedDateTime({ timeZone: tz }).toInstant());
      const { visitor, rows } = await sessionsAt(account, [start - 1, start, start + 3600, end - 1, end]);
      const body = await list(account, { visitor_id: visitor.id, date_from: 'YESTERDAY', date_to: 'TODAY', tz });
      if (!localToday(tz).equals(today) && attempt < 2) continue;
      expect(sessionIds(body)).toEqual(listOrder(rows.slice(1, 4)));
      expect(body.total).toBe(3);
      break;
    }
  });
});
