import { type Random, weights } from './random.ts';

export interface Utm {
  source: string;
  medium: string;
  campaign: string;
  term: string;
  content: string;
}

/** Where a session came from: the referrer and the UTM tags agree, as they do in real traffic. */
export interface TrafficSource {
  referrer: string;
  utm: Utm;
}

const NO_UTM: Utm = { source: '', medium: '', campaign: '', term: '', content: '' };

type SourceKind =
  | 'direct'
  | 'google'
  | 'google_ads'
  | 'bing'
  | 'duckduckgo'
  | 'facebook'
  | 'facebook_ads'
  | 'twitter'
  | 'linkedin'
  | 'newsletter'
  | 'community';

const KINDS = weights<SourceKind>({
  direct: 34,
  google: 24,
  google_ads: 6,
  bing: 4,
  duckduckgo: 2,
  facebook: 4,
  facebook_ads: 3,
  twitter: 3,
  linkedin: 4,
  newsletter: 9,
  community: 7,
});

const PAID_CAMPAIGNS = weights({ spring_sale: 30, black_friday: 25, brand_search: 25, retargeting: 20 });
const EMAIL_CAMPAIGNS = weights({ weekly_digest: 45, product_update: 30, black_friday: 15, spring_sale: 10 });
const SEARCH_TERMS = ['session replay', 'website analytics', 'user behavior analytics', 'heatmap tool', 'rage clicks'];
const AD_CONTENT = ['banner_a', 'banner_b', 'video_15s', 'carousel'];
const COMMUNITY_REFERRERS = [
  'https://news.ycombinator.com/',
  'https://www.reddit.com/r/webdev/',
  'https://www.producthunt.com/',
  'https://github.com/',
  'https://stackoverflow.com/questions',
];
const WEBMAIL_REFERRERS = ['', '', 'https://mail.google.com/', 'https://outlook.live.com/'];

function utm(source: string, medium: string, campaign: string, term = '', content = ''): Utm {
  return { source, medium, campaign, term, content };
}

export function pickTrafficSource(random: Random): TrafficSource {
  switch (random.weighted(KINDS)) {
    case 'direct':
      return { referrer: '', utm: NO_UTM };
    case 'google':
      return { referrer: 'https://www.google.com/', utm: NO_UTM };
    case 'google_ads':
      return {
        referrer: 'https://www.google.com/',
        utm: utm('google', 'cpc', random.weighted(PAID_CAMPAIGNS), random.pick(SEARCH_TERMS), random.pick(AD_CONTENT)),
      };
    case 'bing':
      return { referrer: 'https://www.bing.com/', utm: NO_UTM };
    case 'duckduckgo':
      return { referrer: 'https://duckduckgo.com/', utm: NO_UTM };
    case 'facebook':
      return { referrer: random.pick(['https://www.facebook.com/', 'https://l.facebook.com/']), utm: NO_UTM };
    case 'facebook_ads':
      return {
        referrer: 'https://l.facebook.com/',
        utm: utm('facebook', 'social', random.weighted(PAID_CAMPAIGNS), '', random.pick(AD_CONTENT)),
      };
    case 'twitter':
      return { referrer: random.pick(['https://t.co/', 'https://x.com/']), utm: NO_UTM };
    case 'linkedin':
      return {
        referrer: 'https://www.linkedin.com/',
        utm: random.chance(0.4) ? utm('linkedin', 'social', 'product_update') : NO_UTM,
      };
    case 'newsletter':
      return {
        referrer: random.pick(WEBMAIL_REFERRERS),
        utm: utm('newsletter', 'email', random.weighted(EMAIL_CAMPAIGNS)),
      };
    case 'community':
      return { referrer: random.pick(COMMUNITY_REFERRERS), utm: NO_UTM };
  }
}
