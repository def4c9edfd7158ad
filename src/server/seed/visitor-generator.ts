import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import { namedColumns } from '../lib/name-key.ts';
import { emailColumns } from '../lib/email-key.ts';
import { type Client, pickClient } from './clients.ts';
import { simulateActivity } from './engagement.ts';
import { type Place, pickIp, pickPlace } from './geo.ts';
import { type Identity, pickIdentity } from './people.ts';
import { Random, table, type WeightedTable } from './random.ts';
import { rhythmicTimestamp } from './rhythm.ts';
import { anyPath, entryPath } from './pages.ts';
import type { SeedSite } from './sites.ts';
import { pickTrafficSource, type TrafficSource } from './traffic.ts';

export interface GeneratorContext {
  accountId: string;
  sites: WeightedTable<SeedSite>;
  /** Unix seconds: sessions start in [windowStart, now) and end by now. */
  windowStart: number;
  now: number;
}

export interface GeneratedVisitor {
  visitor: VisitorsTable;
  sessions: SessionsTable[];
}

const DAY = 86_400;
const RETENTION_SECONDS = 30 * DAY;
const DIRECT: TrafficSource = { referrer: '', utm: { source: '', medium: '', campaign: '', term: '', content: '' } };

// Heavy-tailed: about half the visitors come once, a few dozens of times; 3.2 sessions a visitor on
// average, so ten million sessions bring over three million people to search.
const SESSION_COUNT_RANGES = table<readonly [number, number]>([
  [[1, 1], 52],
  [[2, 2], 20],
  [[3, 3], 10],
  [[4, 6], 10],
  [[7, 19], 6],
  [[20, 50], 2],
]);

export function pickSessionCount(random: Random): number {
  const [min, max] = random.weighted(SESSION_COUNT_RANGES);
  return random.int(min, max);
}

export function sitesTable(sites: readonly SeedSite[]): WeightedTable<SeedSite> {
  // The first website gets the most traffic, as an account's main site does.
  return table(sites.map((site, index) => [site, index === 0 ? 5 : index === 1 ? 3 : 2] as const));
}

/** Each set of UTM tags as a query string, written once: the traffic sources' tags come from short lists. */
const utmQueries = new Map<string, string>();

function startUrl(host: string, path: string, source: TrafficSource): string {
  const { utm } = source;
  if (utm.source === '') return `https://${host}${path}`;
  const key = `${utm.source}\u0000${utm.medium}\u0000${utm.campaign}\u0000${utm.term}\u0000${utm.content}`;
  let query = utmQueries.get(key);
  if (query === undefined) {
    const params = new URLSearchParams({ utm_source: utm.source, utm_medium: utm.medium, utm_campaign: utm.campaign });
    if (utm.term) params.set('utm_term', utm.term);
    if (utm.content) params.set('utm_content', utm.content);
    query = params.toString();
    utmQueries.set(key, query);
  }
  return `https://${host}${path}?${query}`;
}

function tagsFor(
  random: Random,
  identity: Identity | null,
  client: Client,
  endUrl: string,
  returning: boolean,
): string[] {
  const tags: string[] = [];
  if (endUrl.includes('/checkout')) tags.push('checkout');
  if (identity?.plan === 'enterprise') tags.push('vip');
  if (returning && random.chance(0.5)) tags.push('returning');
  if (identity && identity.plan !== 'enterprise' && random.chance(identity.plan === 'pro' ? 0.3 : 0.1))
    tags.push('trial');
  if (client.device === 'mobile' && random.chance(0.15)) tags.push('mobile-app');
  return tags;
}

/**
 * The stretch of time a visitor comes back in, as [start, length]. It may begin before the window (its
 * sessions are folded into the window): drawing the start only where the whole stretch fits would leave the
 * last days of the window, today above all, covered by almost no returning visitor.
 */
function visitSpan(random: Random, context: GeneratorContext, sessionCount: number): readonly [number, number] {
  const window = context.now - context.windowStart;
  if (sessionCount === 1) return [context.windowStart, window];
  // Regulars keep coming back over most of the window; occasional visitors within a shorter stretch.
  const share = sessionCount >= 20 ? 0.5 + 0.5 * random.next() : 0.05 + 0.95 * random.next();
  const span = Math.min(window, Math.max(DAY, Math.floor(window * share)));
  return [context.windowStart - span + Math.floor(random.next() * window), span];
}

/** One of a visitor's sessions, before its row is drawn: when it starts and the seed its row is drawn from. */
export interface PlannedVisit {
  creation: number;
  /** Seeds the visit's own generators: its activity and start, and the rest of its row. */
  seed: number;
}

/** What a visitor brings to each of their sessions: where they are, their usual device and site, who they are. */
export interface VisitorTraits {
  place: Place;
  homeIp: string;
  homeClient: Client;
  homeSite: SeedSite;
  identity: Identity | null;
  interestBias: number;
  /** The end of the visitor's id, after the first visit's second. */
  idTail: string;
}

/** A visitor, their traits and when each of their sessions starts, without the sessions' rows. */
export interface VisitorPlan {
  visitor: VisitorsTable;
  traits: VisitorTraits;
  /** By start time; a session's place in this list is its `index` (the first one is the visitor's first session). */
  visits: PlannedVisit[];
}

const ROW_SEED_MASK = 0x5bd1e995;
// Seven base-36 digits hold any Unix second until the year 4453.
const TIME_DIGITS = 7;
const ID_TAIL_DIGITS = 9;
// Six base-36 digits number 2 billion visitors or sessions.
export const ID_SEQUENCE_DIGITS = 6;

/**
 * A session id that sorts by start time: `s_`, the start second in base 36, then `tail` (13 characters).
 * Loads write sessions in order of time, so every index keyed by id grows at its end instead of at random places.
 */
export function sessionId(creation: number, tail: string): string {
  return `s_${creation.toString(36).padStart(TIME_DIGITS, '0')}${tail}`;
}

/** A visitor id that sorts by first visit, as session ids sort by start. */
export function visitorId(first: number, traits: VisitorTraits): string {
  return `v_${first.toString(36).padStart(TIME_DIGITS, '0')}${traits.idTail}`;
}

/**
 * A visitor's traits: the first draws of a plan, so a generator seeded as the plan's was draws them again
 * (a load keeps a seed a visitor instead of their traits).
 */
export function drawTraits(
  random: Random,
  context: GeneratorContext,
  sessionCount: number,
  sequence?: number,
): VisitorTraits {
  const place = pickPlace(random);
  const homeIp = pickIp(random, place.countryCode);
  const homeClient = pickClient(random);
  const homeSite = random.weighted(context.sites);
  const identity = random.chance(sessionCount >= 4 ? 0.55 : 0.31) ? pickIdentity(random) : null;
  const interestBias = identity === null ? 0 : identity.plan === 'enterprise' ? 0.6 : 0.25;
  // A load's sequence number in the tail makes each of its visitor ids unique.
  const idTail =
    sequence === undefined
      ? random.base36(ID_TAIL_DIGITS)
      : `${sequence.toString(36).padStart(ID_SEQUENCE_DIGITS, '0')}${random.base36(ID_TAIL_DIGITS - ID_SEQUENCE_DIGITS)}`;
  return { place, homeIp, homeClient, homeSite, identity, interestBias, idTail };
}

/** The visitor's row, once the first and last of their sessions' starts are known. */
export function visitorRow(
  context: GeneratorContext,
  traits: VisitorTraits,
  first: number,
  last: number,
): VisitorsTable {
  const { identity } = traits;
  return {
    account_id: context.accountId,
    id: visitorId(first, traits),
    ...namedColumns(identity?.name),
    ...emailColumns(identity?.email),
    params: JSON.stringify(identity?.params ?? []),
    first_session_timestamp: first,
    last_session_timestamp: last,
  };
}

/** A visitor and when their `sessionCount` sessions start; `sequence` numbers the visitor in a load. */
export function planVisitor(
  random: Random,
  context: GeneratorContext,
  sessionCount: number,
  sequence?: number,
): VisitorPlan {
  const traits = drawTraits(random, context, sessionCount, sequence);
  const [from, length] = visitSpan(random, context, sessionCount);
  const visits: PlannedVisit[] = [];
  for (let i = 0; i < sessionCount; i += 1) {
    const seed = random.seed();
    const own = new Random(seed);
    const activity = simulateActivity(own, traits.interestBias);
    const start = rhythmicTimestamp(own, from, length, traits.place.utcOffset, context.windowStart, context.now);
    visits.push({ creation: Math.min(start, context.now - activity.duration), seed });
  }
  visits.sort((a, b) => a.creation - b.creation);
  const first = visits[0]?.creation ?? context.now;
  const last = visits[visits.length - 1]?.creation ?? context.now;
  return { visitor: visitorRow(context, traits, first, last), traits, visits };
}

/**
 * The row of a visitor's `index`-th session (by start time), drawn from the visit's own seed: the same
 * traits and visit give the same row whenever it is drawn. `tail` ends the id (13 characters).
 */
export function drawSession(
  context: GeneratorContext,
  visitor: { id: string; traits: VisitorTraits },
  visit: PlannedVisit,
  index: number,
  tail: string,
): SessionsTable {
  const { traits } = visitor;
  // The planner drew the activity, then the start, from the visit's seed; the rest of the row comes from
  // a generator of its own, seeded from the same number.
  const activity = simulateActivity(new Random(visit.seed), traits.interestBias);
  const random = new Random(visit.seed ^ ROW_SEED_MASK);
  const { creation } = visit;
  const client = index > 0 && random.chance(0.12) ? pickClient(random) : traits.homeClient;
  const site = index > 0 && random.chance(0.15) ? random.weighted(context.sites) : traits.homeSite;
  const product = random.weighted(site.products);
  const source = index === 0 || random.chance(0.5) ? pickTrafficSource(random) : DIRECT;
  const entry = entryPath(random, product);
  const endUrl =
    activity.pageViews === 1 ? `https://${site.host}${entry}` : `https://${site.host}${anyPath(random, product)}`;
  const end = creation + activity.duration;
  return {
    account_id: context.accountId,
    id: sessionId(creation, tail),
    website_id: site.id,
    visitor_id: visitor.id,
    creation_timestamp: creation,
    duration: activity.duration,
    end_timestamp: end,
    active_time: activity.activeTime,
    start_url: startUrl(site.host, entry, source),
    end_url: endUrl,
    expiration_timestamp: creation + RETENTION_SECONDS,
    last_event_timestamp: end - random.int(0, Math.min(30, activity.duration)),
    product,
    device: client.device,
    tags: JSON.stringify(tagsFor(random, traits.identity, client, endUrl, index > 0)),
    last_seen_page_view_id: `pv_${random.base36(16)}`,
    seen: random.chance(0.3) ? 1 : 0,
    referrer: source.referrer,
    visitor_first_session: index === 0 ? 1 : 0,
    engagement_score: activity.engagementScore,
    ip: random.chance(0.2) ? pickIp(random, traits.place.countryCode) : traits.homeIp,
    country_code: traits.place.countryCode,
    region: traits.place.region,
    city: traits.place.city,
    resolution_width: client.width,
    resolution_height: client.height,
    os_name: client.osName,
    os_version: client.osVersion,
    browser_description: client.browserDescription,
    browser_name: client.browserName,
    browser_version: client.browserVersion,
    utm_source: source.utm.source,
    utm_medium: source.utm.medium,
    utm_campaign: source.utm.campaign,
    utm_term: source.utm.term,
    utm_content: source.utm.content,
    page_views: activity.pageViews,
    clicks: activity.clicks,
    error_clicks: activity.errorClicks,
    rage_clicks: activity.rageClicks,
    error_logs: activity.errorLogs,
    net_errors: activity.netErrors,
  };
}

/** One visitor and `sessionCount` sessions of theirs, consistent with each other. */
export function generateVisitor(random: Random, context: GeneratorContext, sessionCount: number): GeneratedVisitor {
  const plan = planVisitor(random, context, sessionCount);
  const visitor = { id: plan.visitor.id, traits: plan.traits };
  const sessions = plan.visits.map((visit, index) => drawSession(context, visitor, visit, index, random.base36(13)));
  return { visitor: plan.visitor, sessions };
}
