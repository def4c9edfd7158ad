/**
 * The one catalogue of event kinds and their limits, shared by the tracker, the dashboard and the service.
 * Plain constants only (no schema library), so the tracker and the web app bundle just what they use.
 */

/**
 * Every kind the tracker records. The alert kinds (5 to 30) keep the hosted service's numbers; 1 to 4 are
 * the session's own events, which no alert fires on.
 */
export const EVENT_KIND = {
  sessionStart: 1,
  /** The page was left (pagehide); the last one of a session marks where it ended. */
  sessionEnd: 2,
  pageView: 3,
  identify: 4,
  click: 5,
  doubleClick: 6,
  errorClick: 20,
  rageClick: 21,
  consoleLog: 24,
  jsError: 25,
  custom: 26,
  networkRequest: 29,
  networkError: 30,
} as const;

export type EventKind = (typeof EVENT_KIND)[keyof typeof EVENT_KIND];

/** What the service accepts from the tracker; the tracker truncates to these. */
export const INGEST_LIMITS = {
  bodyBytes: 64 * 1024,
  eventsPerBatch: 100,
  url: 2048,
  selector: 256,
  text: 256,
  message: 1024,
  stack: 2048,
  name: 256,
  email: 320,
  propertyKey: 100,
  propertyValue: 1000,
  properties: 50,
} as const;

/** The shape of a visitor's e-mail the service accepts (surrounding spaces allowed). */
export const EMAIL_PATTERN = /^\s*[^\s@]+@[^\s@]+\s*$/;

/** Events of these kinds the tracker sends per page load, so a loop that logs, fails or fetches cannot flood the session. */
export const PER_PAGE_CAPS: Partial<Record<EventKind, number>> = {
  [EVENT_KIND.consoleLog]: 100,
  [EVENT_KIND.jsError]: 50,
  [EVENT_KIND.networkRequest]: 30,
  [EVENT_KIND.networkError]: 50,
  [EVENT_KIND.custom]: 200,
};

/** Where text is cut shorter than the ingest limits allow. */
export const TRUNCATION = {
  /** A clicked element's visible text, as the tracker records it. */
  elementText: 100,
  /** The detail quoted in a chat message's headline. */
  chatSummary: 200,
} as const;

/**
 * A rage click is at least `minClicks` rapid clicks; an alert's value for it is the minimum number of
 * clicks, a whole number from `minClicks` to `maxThreshold`.
 */
export const RAGE_CLICK = { minClicks: 3, maxThreshold: 100, defaultThreshold: 5 } as const;

/** The rules of an alert's list of {kind, value}. */
export const ALERT_LIMITS = { eventsPerAlert: 20, valueLength: 256 } as const;
/** An alert's optional threshold: at least `count` matches within `windowMinutes` before it fires. */
export const ALERT_THRESHOLD = { minCount: 2, maxCount: 1000, minWindowMinutes: 1, maxWindowMinutes: 1440 } as const;

interface KindEntry {
  /** The event's name in the API and in deliveries (Click, RageClick…). */
  name: string;
  /** The name people pick the kind by. */
  label: string;
  /** What an alert's `value` is matched against; null for kinds no alert fires on. */
  value: {
    /** The field label in the alert form. */
    label: string;
    /** Whether an empty value is refused (otherwise it matches any event of the kind). */
    required: boolean;
  } | null;
}

/**
 * Each kind's API name, label and alert value, in the order pickers list them. Keyed by number literals
 * (EVENT_KIND's values) so that bundlers can drop the table where nothing reads it.
 */
export const EVENT_CATALOGUE = {
  1: { name: 'SessionStart', label: 'Session start', value: null },
  2: { name: 'SessionEnd', label: 'Page left', value: null },
  3: { name: 'PageView', label: 'Page view', value: null },
  4: { name: 'Identify', label: 'Identify', value: null },
  5: {
    name: 'Click',
    label: 'Click',
    value: { label: 'Text or CSS selector (optional)', required: false },
  },
  6: {
    name: 'DoubleClick',
    label: 'Double click',
    value: { label: 'Text or CSS selector (optional)', required: false },
  },
  20: {
    name: 'ErrorClick',
    label: 'Error click',
    value: { label: 'Message contains (optional)', required: false },
  },
  21: {
    name: 'RageClick',
    label: 'Rage click',
    value: { label: 'Minimum rapid clicks', required: true },
  },
  24: {
    name: 'Log',
    label: 'Console log',
    value: { label: 'Message contains (optional)', required: false },
  },
  25: {
    name: 'JSError',
    label: 'JavaScript error',
    value: { label: 'Message contains (optional)', required: false },
  },
  26: { name: 'Custom', label: 'Custom event', value: { label: 'Event name', required: true } },
  29: {
    name: 'NetLog',
    label: 'Network request',
    value: { label: 'URL contains (optional)', required: false },
  },
  30: {
    name: 'NetError',
    label: 'Network error',
    value: { label: 'URL contains (optional)', required: false },
  },
} as const satisfies Record<EventKind, KindEntry>;

type Catalogue = typeof EVENT_CATALOGUE;

/** The kinds an alert can fire on. */
export type AlertEventKind = {
  [K in keyof Catalogue]: Catalogue[K]['value'] extends null ? never : K;
}[keyof Catalogue];

/** The API and delivery name of each alert kind (RageClick, NetError…). */
export type AlertEventName = Catalogue[AlertEventKind]['name'];

function alertKinds(): AlertEventKind[] {
  return (Object.keys(EVENT_CATALOGUE) as `${EventKind}`[])
    .map((key) => Number(key) as EventKind)
    .filter((kind): kind is AlertEventKind => EVENT_CATALOGUE[kind].value !== null);
}

/** The alert kinds in catalogue order: 5, 6, 20, 21, 24, 25, 26, 29, 30. */
// Marked pure so that bundles which never read it (the tracker) leave the catalogue's labels out.
export const ALERT_EVENT_KINDS: readonly AlertEventKind[] = /* @__PURE__ */ alertKinds();

export function isAlertEventKind(kind: number): kind is AlertEventKind {
  return (ALERT_EVENT_KINDS as number[]).includes(kind);
}

/** The API name of an alert kind. */
export function alertEventName(kind: AlertEventKind): AlertEventName {
  return EVENT_CATALOGUE[kind].name;
}

/** A rage click's threshold from an alert value, or NaN when it is not a whole number in range. */
export function rageClickThreshold(value: string): number {
  const trimmed = value.trim();
  const clicks = /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return clicks >= RAGE_CLICK.minClicks && clicks <= RAGE_CLICK.maxThreshold ? clicks : Number.NaN;
}
