import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, dateChoiceOf } from './date-presets.ts';
import {
  applyViewChange,
  readSessionsView,
  type SessionsView,
  toSavedViewQuery,
  toSessionsQuery,
  unreadParams,
  writeSessionsView,
} from './sessions-search-params.ts';

const HOME = 'Europe/Paris';
const read = (search: string) => readSessionsView(new URLSearchParams(search), HOME);
const write = (view: SessionsView, base?: URLSearchParams) => writeSessionsView(view, HOME, base).toString();
const DEFAULT_VIEW = read('');

describe('sessions URL state', () => {
  it('reads an empty URL as the defaults: all time, first page of 25, the browser zone', () => {
    expect(DEFAULT_VIEW).toEqual({
      email: '',
      visitorId: '',
      websiteId: '',
      dateFrom: '',
      dateTo: '',
      timeZone: HOME,
      sort: '',
      filters: {},
      page: 0,
      size: 25,
    });
  });

  it('leaves defaults out of the URL', () => {
    expect(write(DEFAULT_VIEW)).toBe('');
  });

  it.each(DATE_PRESETS)('round-trips the "$label" preset', (preset) => {
    const view = { ...DEFAULT_VIEW, dateFrom: preset.from, dateTo: preset.to };
    const search = write(view);
    expect(read(search)).toEqual(view);
    expect(dateChoiceOf(read(search).dateFrom, read(search).dateTo)).toBe(preset.id);
  });

  it('writes the API relative strings as they are, with the zone they are read in', () => {
    const params = new URLSearchParams(write({ ...DEFAULT_VIEW, dateFrom: 'TODAY-7DAYS' }));
    expect(params.get('date_from')).toBe('TODAY-7DAYS');
    expect(params.get('date_to')).toBeNull();
    expect(params.get('tz')).toBe(HOME);
  });

  it('round-trips a custom range of wall-clock times in another zone', () => {
    const view = {
      ...DEFAULT_VIEW,
      dateFrom: '2026-11-22T09:30:00',
      dateTo: '2026-11-23T00:00:00',
      timeZone: 'America/New_York',
    };
    const search = write(view);
    expect(search).toBe('date_from=2026-11-22T09%3A30%3A00&date_to=2026-11-23T00%3A00%3A00&tz=America%2FNew_York');
    expect(read(search)).toEqual(view);
    expect(dateChoiceOf(view.dateFrom, view.dateTo)).toBe('custom');
  });

  it('round-trips text filters, website, page and size', () => {
    const view = {
      ...DEFAULT_VIEW,
      email: 'ana@example.com',
      visitorId: 'v-42',
      websiteId: 'web_1',
      page: 3,
      size: 100 as const,
    };
    expect(read(write(view))).toEqual(view);
  });

  it('keeps a zone other than the browser one even without dates, since times are shown in it', () => {
    expect(write({ ...DEFAULT_VIEW, timeZone: 'Asia/Tokyo' })).toBe('tz=Asia%2FTokyo');
  });

  it('falls back to defaults for values it cannot use', () => {
    expect(read('page=-1&size=30&tz=Mars%2FOlympus')).toEqual(DEFAULT_VIEW);
    expect(read('page=1.5').page).toBe(0);
    expect(read('page=10000').page).toBe(10_000);
    // Past the pages the API serves: the last one, which the list then moves back to its own last page.
    expect(read('page=10001').page).toBe(10_000);
    expect(read('page=99999999').page).toBe(10_000);
  });

  it('leaves keys that are not its own alone', () => {
    expect(write({ ...DEFAULT_VIEW, email: 'a@b.c' }, new URLSearchParams('session=s1&page=4'))).toBe(
      'session=s1&email=a%40b.c',
    );
  });

  it('goes back to the first page when a filter or the page size changes, not when the page does', () => {
    const onPage5 = { ...DEFAULT_VIEW, page: 5 };
    expect(applyViewChange(onPage5, { email: 'x@y.z' }).page).toBe(0);
    expect(applyViewChange(onPage5, { size: 50 }).page).toBe(0);
    expect(applyViewChange(onPage5, { page: 6, size: 50 }).page).toBe(0);
    expect(applyViewChange(onPage5, { page: 6 }).page).toBe(6);
    expect(applyViewChange(onPage5, { page: 6, size: 25 }).page).toBe(6);
  });

  it('sends the zone to the API only with a date filter', () => {
    expect(toSessionsQuery({ ...DEFAULT_VIEW, email: 'a@b.c' })).toEqual({ page: 0, size: 25, email: 'a@b.c' });
    expect(toSessionsQuery({ ...DEFAULT_VIEW, dateFrom: 'YESTERDAY', dateTo: 'TODAY', websiteId: 'w' })).toEqual({
      page: 0,
      size: 25,
      website_id: 'w',
      date_from: 'YESTERDAY',
      date_to: 'TODAY',
      tz: HOME,
    });
  });

  it('round-trips every kind of filter chip, named as the API names them', () => {
    const search =
      'device=mobile&country=de&duration_min=30&duration_max=600&engagement_min=12.5&has_errors=true' +
      '&identified=false&url=%2Fcheckout&utm_source=newsletter&tag=vip&visitor_param=plan%3Dpro%3Dx';
    const view = read(search);
    expect(view.filters).toEqual({
      device: 'mobile',
      country: 'DE',
      duration_min: '30',
      duration_max: '600',
      engagement_min: '12.5',
      has_errors: 'true',
      identified: 'false',
      url: '/checkout',
      utm_source: 'newsletter',
      tag: 'vip',
      visitor_param: 'plan=pro=x',
    });
    expect(read(write(view))).toEqual(view);
    expect(toSessionsQuery(view)).toMatchObject({
      country: 'DE',
      duration_min: 30,
      engagement_min: 12.5,
      has_errors: true,
      identified: false,
      visitor_param: 'plan=pro=x',
    });
  });

  it('ignores filter values a hand-edited link gets wrong, keeping the rest', () => {
    const view = read(
      'country=Germany&duration_min=-3&duration_max=abc&engagement_max=101&has_errors=yes&seen=false' +
        '&visitor_param=noequals&engagement_min=50&device=' +
        'x'.repeat(40),
    );
    expect(view.filters).toEqual({ seen: 'false', engagement_min: '50' });
  });

  it('drops the upper bound of a range that is upside down', () => {
    expect(read('duration_min=600&duration_max=30').filters).toEqual({ duration_min: '600' });
  });

  it('goes back to the first page when a chip changes', () => {
    expect(applyViewChange({ ...DEFAULT_VIEW, page: 5 }, { filters: { has_errors: 'true' } }).page).toBe(0);
  });

  it('saves the filters and sort without paging, and the zone only when dates need it', () => {
    const view = read('country=FR&sort=-duration&page=3&size=50&tz=Asia%2FTokyo');
    expect(toSavedViewQuery(view)).toEqual({ country: 'FR', sort: '-duration' });
    expect(toSavedViewQuery(read('date_from=TODAY&tz=Asia%2FTokyo'))).toEqual({ date_from: 'TODAY', tz: 'Asia/Tokyo' });
  });
});

describe('the parts of a link the view cannot read', () => {
  const unreadWithReasons = (search: string) => unreadParams(new URLSearchParams(search), read(search));
  const unread = (search: string) => unreadWithReasons(search).map(({ part }) => part);

  it('says why each part was left out', () => {
    const reasons = (search: string) => unreadWithReasons(search).map(({ reason }) => reason);
    expect(reasons('device=watch&country=ZZ&duration_min=-1&engagement_min=101&seen=yes')).toEqual([
      'not desktop, mobile or tablet',
      'not a country code',
      'not a whole number of seconds up to a year',
      'not a score from 0 to 100',
      'not true or false',
    ]);
    expect(reasons('duration_min=600&duration_max=10&engagement_min=50&engagement_max=5')).toEqual([
      'below duration_min',
      'below engagement_min',
    ]);
    expect(reasons(`tag=a%00b&utm_source=${'u'.repeat(257)}&visitor_param=plan&email=${'a'.repeat(321)}`)).toEqual([
      'longer than 256 characters',
      'holds a NUL character',
      'not written name=value',
      'longer than 320 characters',
    ]);
    expect(reasons('date_from=garbage&date_to=2026-01-01')).toEqual(['not a date']);
    expect(reasons('date_from=TODAY&date_to=YESTERDAY&tz=Mars/Olympus&sort=-clicks&size=7&page=x')).toEqual([
      'before date_from',
      'not a time zone',
      'not an order the list offers',
      'not 25, 50 or 100 rows',
      'not a page number',
    ]);
    expect(unreadWithReasons('device=mobile&device=tablet')).toEqual([
      { part: 'device=tablet', reason: 'given again, the first is read' },
    ]);
  });

  it('names each refused filter, a range upside down, an unknown zone and an unknown order', () => {
    expect(
      unread('engagement_min=200&has_errors=maybe&tz=Mars/Olympus&sort=-clicks&duration_min=600&duration_max=10'),
    ).toEqual(['duration_max=10', 'engagement_min=200', 'has_errors=maybe', 'tz=Mars/Olympus', 'sort=-clicks']);
  });

  it('names a page that is not a whole number and a page size the list does not offer', () => {
    expect(unread('page=-1&size=7')).toEqual(['size=7', 'page=-1']);
    expect(unread('page=abc&size=1000')).toEqual(['size=1000', 'page=abc']);
    expect(unread('page=1.5&size=0')).toEqual(['size=0', 'page=1.5']);
    // A page past the end is not left out: the list shows its last page instead.
    expect(unread('page=99999&size=100')).toEqual([]);
  });

  it('names a date the API would refuse, and keeps the dates it accepts', () => {
    expect(unread('date_from=garbage&date_to=2026-02-30')).toEqual(['date_from=garbage', 'date_to=2026-02-30']);
    expect(unread('date_from=2026-11-01T24:30&date_to=today')).toEqual(['date_from=2026-11-01T24:30', 'date_to=today']);
    const kept = 'date_from=TODAY-7DAYS&date_to=2099-11-30T12:30:00.5%2B01:00&tz=Europe/Paris';
    expect(unread(kept)).toEqual([]);
    expect(read(kept)).toMatchObject({ dateFrom: 'TODAY-7DAYS', dateTo: '2099-11-30T12:30:00.5+01:00' });
    expect(read('date_from=garbage&date_to=2024-02-29')).toMatchObject({ dateFrom: '', dateTo: '2024-02-29' });
  });

  it('names text holding a NUL character, which the API refuses, in a filter, an e-mail or a visitor id', () => {
    expect(unread('tag=a%00b&device=mobile')).toEqual(['tag=a\u0000b']);
    expect(unread('visitor_id=%00abc&email=a%00b')).toEqual(['email=a\u0000b', 'visitor_id=\u0000abc']);
    expect(read('visitor_id=%00abc&email=a%00b')).toMatchObject({ email: '', visitorId: '' });
    expect(unread(`email=${'a'.repeat(321)}`)).toEqual([`email=${'a'.repeat(321)}`]);
  });

  it('names a date_to before date_from and keeps date_from, as a range upside down keeps its minimum', () => {
    expect(unread('date_from=2026-12-05&date_to=2026-12-01')).toEqual(['date_to=2026-12-01']);
    expect(read('date_from=2026-12-05&date_to=2026-12-01')).toMatchObject({ dateFrom: '2026-12-05', dateTo: '' });
    expect(unread('date_from=2026-12-01T10:00&date_to=2026-12-01')).toEqual(['date_to=2026-12-01']);
    // The same instant, or an instant written with its own offset that comes after: both kept.
    expect(unread('date_from=2026-12-01&date_to=2026-12-01')).toEqual([]);
    expect(unread('date_from=2026-12-01T10:00&date_to=2026-12-01T10:30%2B01:00&tz=Asia/Tokyo')).toEqual([]);
  });

  it('names a relative date_to before date_from, read as the day it stands for now in the zone', () => {
    expect(unread('date_from=TODAY&date_to=YESTERDAY')).toEqual(['date_to=YESTERDAY']);
    expect(read('date_from=TODAY&date_to=YESTERDAY')).toMatchObject({ dateFrom: 'TODAY', dateTo: '' });
    expect(unread('date_from=BEGINNING_OF_MONTH&date_to=BEGINNING_OF_PREV_MONTH')).toEqual([
      'date_to=BEGINNING_OF_PREV_MONTH',
    ]);
    expect(unread('date_from=2099-01-01&date_to=TODAY&tz=Pacific/Kiritimati')).toEqual(['date_to=TODAY']);
    expect(unread('date_from=TODAY&date_to=2000-01-01')).toEqual(['date_to=2000-01-01']);
    // In order, or the same day: kept.
    expect(unread('date_from=YESTERDAY&date_to=TODAY')).toEqual([]);
    expect(unread('date_from=TODAY&date_to=TODAY')).toEqual([]);
    expect(unread('date_from=2000-01-01&date_to=TODAY-30DAYS')).toEqual([]);
  });

  it('names a country code that is no country', () => {
    expect(unread('country=ZZ&device=mobile')).toEqual(['country=ZZ']);
    expect(unread('country=xx')).toEqual(['country=xx']);
    expect(read('country=fr').filters).toEqual({ country: 'FR' });
  });

  it('names each repeated parameter after the first, which is the one read', () => {
    expect(unread('device=desktop&device=mobile&country=US&country=GB')).toEqual(['device=mobile', 'country=GB']);
    expect(read('device=desktop&device=mobile').filters).toEqual({ device: 'desktop' });
    expect(unread('sort=-duration&sort=-errors&page=2&page=3')).toEqual(['sort=-errors', 'page=3']);
  });

  it('names nothing in a link it reads whole, or an empty one', () => {
    expect(unread('device=mobile&duration_min=600&tz=America/New_York&sort=-duration&page=2&session=s_1')).toEqual([]);
    expect(unread('')).toEqual([]);
  });
});
