import { BENCH_ACCOUNT, type BenchData } from './bench-data.ts';

export interface Scenario {
  name: string;
  /** Path on the server; default /v1/sessions. */
  path?: string;
  query: string;
  /** p99 latency target in ms. */
  p99Target: number;
}

const PRESET = 'date_from=TODAY-30DAYS&tz=America/New_York';
const SORTS = ['start', 'duration', 'active_time', 'engagement', 'page_views', 'errors', 'rage_clicks', 'error_clicks'];

/** One value per added filter, each one the seeded data holds. */
const FILTERS = [
  'device=mobile',
  'browser=Firefox',
  'os=iOS',
  'country=DE',
  'duration_min=600',
  'duration_max=20',
  'engagement_min=80',
  'has_errors=true',
  'has_rage_clicks=true',
  'has_error_clicks=true',
  'identified=true',
  'identified=false',
  'seen=false',
  'url=checkout',
  'start_url=pricing',
  'referrer=google',
  'utm_source=newsletter',
  'utm_medium=cpc',
  'utm_campaign=black_friday',
  'tag=vip',
  'visitor_param=plan%3Denterprise',
];

/** Sorting, filtering, people and value suggestions and deep paging of a large account, each with its p99 target. */
export function findingScenarios(data: BenchData): Scenario[] {
  const lastFullPage = Math.floor(data.sessions / 100) - 1;
  const deepPages = [1000, 5000, 9000, 10000].filter((page) => page <= lastFullPage);
  const people = `${data.visitors.toLocaleString('en-US')} visitors`;
  return [
    ...SORTS.flatMap((key) => [
      { name: `sort -${key}, first page`, query: `sort=-${key}`, p99Target: 100 },
      { name: `sort -${key}, TODAY-30DAYS`, query: `sort=-${key}&${PRESET}`, p99Target: 100 },
    ]),
    { name: 'sort start (oldest first)', query: 'sort=start', p99Target: 100 },
    ...FILTERS.map((filter) => ({
      name: `${decodeURIComponent(filter)}, TODAY-30DAYS`,
      query: `${filter}&${PRESET}`,
      p99Target: 150,
    })),
    {
      name: 'device+has_errors+url, TODAY-30DAYS',
      query: `device=mobile&has_errors=true&url=checkout&${PRESET}`,
      p99Target: 500,
    },
    // The account's own name is in every website's host, so every URL contains it: the broadest URL text.
    {
      name: `url=${BENCH_ACCOUNT} (every URL), TODAY-30DAYS`,
      query: `url=${BENCH_ACCOUNT}&${PRESET}`,
      p99Target: 150,
    },
    {
      name: `device+has_errors+url=${BENCH_ACCOUNT}, TODAY-30DAYS`,
      query: `device=mobile&has_errors=true&url=${BENCH_ACCOUNT}&${PRESET}`,
      p99Target: 500,
    },
    {
      name: `people: e-mail prefix among ${people}`,
      path: '/v1/visitors/search',
      query: `q=${encodeURIComponent(data.emailInOtherCase.slice(0, 3))}`,
      p99Target: 30,
    },
    {
      name: `people: name prefix among ${people}`,
      path: '/v1/visitors/search',
      query: `q=${encodeURIComponent(data.namePrefix)}`,
      p99Target: 30,
    },
    {
      name: `people: surname first among ${people}`,
      path: '/v1/visitors/search',
      query: `q=${encodeURIComponent(data.surnameFirst)}`,
      p99Target: 30,
    },
    {
      name: `people: a name's words reversed among ${people}`,
      path: '/v1/visitors/search',
      query: `q=${encodeURIComponent(data.wordsReversed)}`,
      p99Target: 30,
    },
    {
      name: `people: surname and a word nobody has among ${people}`,
      path: '/v1/visitors/search',
      query: `q=${encodeURIComponent(data.surnameAndNoOne)}`,
      p99Target: 30,
    },
    {
      name: `people: visitor id among ${people}`,
      path: '/v1/visitors/search',
      query: `q=${encodeURIComponent(data.busiestVisitorId)}`,
      p99Target: 30,
    },
    // A filter editor's suggestions as one types: as quick as the people search's.
    ...[
      'field=browser',
      'field=country',
      'field=visitor_param',
      'field=visitor_param&name=plan',
      'field=url&q=check',
    ].map((query) => ({
      name: `values: ${query.replace('field=', '')}`,
      path: '/v1/sessions/values',
      query,
      p99Target: 30,
    })),
    // The first page of the same size: what a deep page should cost once placed by hours.
    { name: 'page 0, size 100', query: 'page=0&size=100', p99Target: 50 },
    ...deepPages.map((page) => ({ name: `page ${page}, size 100`, query: `page=${page}&size=100`, p99Target: 50 })),
    ...deepPages.map((page) => ({
      name: `page ${page}, size 100, website`,
      query: `page=${Math.floor(page / 3)}&size=100&website_id=${encodeURIComponent(data.firstWebsiteId)}`,
      p99Target: 50,
    })),
  ];
}
