import type { SessionEvent } from './replay-types.ts';

export type TimelineCategory =
  'pages' | 'clicks' | 'frustration' | 'console' | 'errors' | 'network' | 'custom' | 'identify';

export const TIMELINE_CATEGORIES: { value: TimelineCategory; label: string }[] = [
  { value: 'pages', label: 'Pages' },
  { value: 'clicks', label: 'Clicks' },
  { value: 'frustration', label: 'Rage and error clicks' },
  { value: 'console', label: 'Console' },
  { value: 'errors', label: 'Errors' },
  { value: 'network', label: 'Network' },
  { value: 'custom', label: 'Custom events' },
  { value: 'identify', label: 'Identify' },
];

export type Tone = 'default' | 'info' | 'warning' | 'error' | 'success';

interface KindInfo {
  label: string;
  category: TimelineCategory;
  tone: Tone;
}

const KINDS: Record<number, KindInfo> = {
  1: { label: 'Session start', category: 'pages', tone: 'default' },
  2: { label: 'Page left', category: 'pages', tone: 'default' },
  3: { label: 'Page view', category: 'pages', tone: 'info' },
  4: { label: 'Identify', category: 'identify', tone: 'success' },
  5: { label: 'Click', category: 'clicks', tone: 'default' },
  6: { label: 'Double click', category: 'clicks', tone: 'default' },
  20: { label: 'Error click', category: 'frustration', tone: 'error' },
  21: { label: 'Rage click', category: 'frustration', tone: 'warning' },
  24: { label: 'Console', category: 'console', tone: 'default' },
  25: { label: 'JavaScript error', category: 'errors', tone: 'error' },
  26: { label: 'Custom event', category: 'custom', tone: 'success' },
  29: { label: 'Request', category: 'network', tone: 'default' },
  30: { label: 'Network error', category: 'network', tone: 'error' },
};

const UNKNOWN: KindInfo = { label: 'Event', category: 'custom', tone: 'default' };

export function kindInfo(kind: number): KindInfo {
  return KINDS[kind] ?? UNKNOWN;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);

/** The line a person reads for an event: what was clicked, what was logged, which request failed. */
export function describeEvent(event: SessionEvent): string {
  const d = event.details;
  switch (event.kind) {
    case 1:
    case 2:
    case 3:
      return [text(d.title), text(d.url)].filter(Boolean).join(' · ');
    case 4:
      return [text(d.name), text(d.email)].filter(Boolean).join(' · ');
    case 5:
    case 6:
      return text(d.text) || text(d.selector);
    case 20:
      return `${text(d.text) || text(d.selector)} → ${text(d.message)}`;
    case 21:
      return `${text(d.click_count)} clicks on ${text(d.text) || text(d.selector)}`;
    case 24:
      return `${text(d.level)}: ${text(d.message)}`;
    case 25:
      return text(d.message);
    case 26:
      return text(d.name);
    case 29:
    case 30:
      return `${text(d.method)} ${text(d.url)} · ${d.status === 0 ? 'no response' : text(d.status)} · ${text(d.duration)} ms`;
    default:
      return '';
  }
}

/** The tone of a console message follows its level. */
export function toneOf(event: SessionEvent): Tone {
  if (event.kind === 24)
    return event.details.level === 'error' ? 'error' : event.details.level === 'warn' ? 'warning' : 'default';
  return kindInfo(event.kind).tone;
}

/** Whether an event is shown under the chosen categories and search text. */
export function matchesTimelineFilter(
  event: SessionEvent,
  categories: ReadonlySet<TimelineCategory>,
  search: string,
): boolean {
  if (categories.size > 0 && !categories.has(kindInfo(event.kind).category)) return false;
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return `${kindInfo(event.kind).label} ${describeEvent(event)} ${JSON.stringify(event.details)}`
    .toLowerCase()
    .includes(needle);
}

/** Kinds marked on the player's seek bar. */
export const SEEK_BAR_KINDS = new Set([3, 5, 20, 21, 25, 30]);
