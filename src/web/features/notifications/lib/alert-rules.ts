import {
  ALERT_EVENT_KINDS,
  ALERT_LIMITS,
  EVENT_CATALOGUE,
  EVENT_KIND,
  RAGE_CLICK as RAGE_CLICK_RULE,
  rageClickThreshold,
} from '../../../../api/event-catalogue.ts';
import type { Alert, Webhook } from '../../../../api/client/types.gen.ts';
import { describeThreshold } from './alert-threshold.ts';

export type AlertEvent = Alert['events'][number];
export type EventKind = AlertEvent['kind'];

export const RAGE_CLICK: EventKind = EVENT_KIND.rageClick;
export const CUSTOM_EVENT: EventKind = EVENT_KIND.custom;
export const MAX_EVENTS = ALERT_LIMITS.eventsPerAlert;

interface EventKindMeta {
  kind: EventKind;
  /** The name people pick the kind by. */
  label: string;
  valueLabel: string;
  helperText: string;
  /** Whether an empty value is refused (otherwise it matches any event of the kind). */
  required: boolean;
  /** What a new row of this kind starts with. */
  defaultValue: string;
  /** The kind's part of the rule's sentence, for a value that has already been checked. */
  describe: (value: string) => string;
}

const ANY = 'Leave empty to match any';

function fragment(matching: string, any: string) {
  return (value: string) => (value ? `${matching} '${value}'` : any);
}

type Wording = Pick<EventKindMeta, 'helperText' | 'describe'>;

/** How the form and the rule's sentence word each kind; names, labels and rules come from the catalogue. */
const WORDING: Record<EventKind, Wording> = {
  [EVENT_KIND.click]: { helperText: `${ANY} click.`, describe: fragment('click on', 'any click') },
  [EVENT_KIND.doubleClick]: {
    helperText: `${ANY} double click.`,
    describe: fragment('double click on', 'any double click'),
  },
  [EVENT_KIND.errorClick]: {
    helperText: `A click followed by an error. ${ANY} error click.`,
    describe: fragment('error click with an error containing', 'any error click'),
  },
  [EVENT_KIND.rageClick]: {
    helperText: `A whole number from ${RAGE_CLICK_RULE.minClicks} to ${RAGE_CLICK_RULE.maxThreshold}.`,
    describe: (value) => `rage click of ${value}+ clicks`,
  },
  [EVENT_KIND.consoleLog]: {
    helperText: `${ANY} console message.`,
    describe: fragment('console log containing', 'any console log'),
  },
  [EVENT_KIND.jsError]: {
    helperText: `${ANY} JavaScript error.`,
    describe: fragment('JavaScript error containing', 'any JavaScript error'),
  },
  [EVENT_KIND.custom]: { helperText: "The custom event's exact name.", describe: (value) => `custom event '${value}'` },
  [EVENT_KIND.networkRequest]: {
    helperText: `${ANY} network request.`,
    describe: fragment('network request to a URL containing', 'any network request'),
  },
  [EVENT_KIND.networkError]: {
    helperText: `${ANY} failed network request.`,
    describe: fragment('network error on a URL containing', 'any network error'),
  },
};

/** Every event kind an alert can watch, in the order the picker lists them. */
export const EVENT_KINDS: readonly EventKindMeta[] = ALERT_EVENT_KINDS.map((kind) => {
  const { label, value } = EVENT_CATALOGUE[kind];
  return {
    kind,
    label,
    valueLabel: value.label,
    required: value.required,
    defaultValue: kind === EVENT_KIND.rageClick ? String(RAGE_CLICK_RULE.defaultThreshold) : '',
    ...WORDING[kind],
  };
});

export function eventKindMeta(kind: EventKind): EventKindMeta {
  const meta = EVENT_KINDS.find((candidate) => candidate.kind === kind);
  if (!meta) throw new Error(`Unknown event kind ${kind}`);
  return meta;
}

/** Why a value does not suit its kind, or undefined when it does (the server checks the same rules). */
export function eventValueError(kind: EventKind, value: string): string | undefined {
  if (kind === RAGE_CLICK) {
    return Number.isNaN(rageClickThreshold(value))
      ? `Enter a whole number from ${RAGE_CLICK_RULE.minClicks} to ${RAGE_CLICK_RULE.maxThreshold}`
      : undefined;
  }
  if (kind === CUSTOM_EVENT && value.trim() === '') return "Enter the custom event's name";
  return undefined;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Rage click of 5+ clicks or JavaScript error containing 'checkout'". */
export function describeEvents(events: readonly AlertEvent[]): string {
  return capitalise(events.map((event) => eventKindMeta(event.kind).describe(event.value.trim())).join(' or '));
}

/** Where the alert is sent: "chat #support", or "webhook <url>" when the webhook is known. */
export function describeTarget(
  alert: Pick<Alert, 'provider' | 'chat_channel_id' | 'webhook_id'>,
  webhooks: readonly Webhook[] = [],
): string {
  if (alert.provider === 'chat') {
    const channel = alert.chat_channel_id ?? '';
    return `chat ${channel.startsWith('#') ? channel : `#${channel}`}`;
  }
  const webhook = webhooks.find((candidate) => candidate.webhook_id === alert.webhook_id);
  return `webhook ${webhook?.url ?? alert.webhook_id ?? ''}`;
}

/** The whole rule as one sentence: "<events> → <target>", or "<events>, 5 matches within 10 minutes → <target>". */
export function describeAlert(
  alert: Pick<
    Alert,
    'events' | 'provider' | 'chat_channel_id' | 'webhook_id' | 'threshold_count' | 'threshold_window_minutes'
  >,
  webhooks: readonly Webhook[] = [],
): string {
  const threshold = describeThreshold(alert);
  return `${describeEvents(alert.events)}${threshold ? `, ${threshold}` : ''} → ${describeTarget(alert, webhooks)}`;
}
