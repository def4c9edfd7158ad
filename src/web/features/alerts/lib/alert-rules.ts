import type { Alert, Webhook } from '../../../../api/client/types.gen.ts';

export type AlertEvent = Alert['events'][number];
export type EventKind = AlertEvent['kind'];

export const RAGE_CLICK: EventKind = 21;
export const CUSTOM_EVENT: EventKind = 26;
export const MAX_EVENTS = 20;

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

/** Every event kind an alert can watch, in the order the picker lists them. */
export const EVENT_KINDS: readonly EventKindMeta[] = [
  {
    kind: 5,
    label: 'Click',
    valueLabel: 'Text or CSS selector (optional)',
    helperText: `${ANY} click.`,
    required: false,
    defaultValue: '',
    describe: fragment('click on', 'any click'),
  },
  {
    kind: 6,
    label: 'Double click',
    valueLabel: 'Text or CSS selector (optional)',
    helperText: `${ANY} double click.`,
    required: false,
    defaultValue: '',
    describe: fragment('double click on', 'any double click'),
  },
  {
    kind: 20,
    label: 'Error click',
    valueLabel: 'Message contains (optional)',
    helperText: `A click followed by an error. ${ANY} error click.`,
    required: false,
    defaultValue: '',
    describe: fragment('error click with an error containing', 'any error click'),
  },
  {
    kind: 21,
    label: 'Rage click',
    valueLabel: 'Minimum rapid clicks',
    helperText: 'A whole number from 3 to 100.',
    required: true,
    defaultValue: '5',
    describe: (value) => `rage click of ${value}+ clicks`,
  },
  {
    kind: 24,
    label: 'Console log',
    valueLabel: 'Message contains (optional)',
    helperText: `${ANY} console message.`,
    required: false,
    defaultValue: '',
    describe: fragment('console log containing', 'any console log'),
  },
  {
    kind: 25,
    label: 'JavaScript error',
    valueLabel: 'Message contains (optional)',
    helperText: `${ANY} JavaScript error.`,
    required: false,
    defaultValue: '',
    describe: fragment('JavaScript error containing', 'any JavaScript error'),
  },
  {
    kind: 26,
    label: 'Custom event',
    valueLabel: 'Event name',
    helperText: "The custom event's exact name.",
    required: true,
    defaultValue: '',
    describe: (value) => `custom event '${value}'`,
  },
  {
    kind: 29,
    label: 'Network request',
    valueLabel: 'URL contains (optional)',
    helperText: `${ANY} network request.`,
    required: false,
    defaultValue: '',
    describe: fragment('network request to a URL containing', 'any network request'),
  },
  {
    kind: 30,
    label: 'Network error',
    valueLabel: 'URL contains (optional)',
    helperText: `${ANY} failed network request.`,
    required: false,
    defaultValue: '',
    describe: fragment('network error on a URL containing', 'any network error'),
  },
];

export function eventKindMeta(kind: EventKind): EventKindMeta {
  const meta = EVENT_KINDS.find((candidate) => candidate.kind === kind);
  if (!meta) throw new Error(`Unknown event kind ${kind}`);
  return meta;
}

/** Why a value does not suit its kind, or undefined when it does (the server checks the same rules). */
export function eventValueError(kind: EventKind, value: string): string | undefined {
  if (kind === RAGE_CLICK) {
    const trimmed = value.trim();
    const clicks = /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    return clicks >= 3 && clicks <= 100 ? undefined : 'Enter a whole number from 3 to 100';
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

/** The whole rule as one sentence: "<events> → <target>". */
export function describeAlert(
  alert: Pick<Alert, 'events' | 'provider' | 'chat_channel_id' | 'webhook_id'>,
  webhooks: readonly Webhook[] = [],
): string {
  return `${describeEvents(alert.events)} → ${describeTarget(alert, webhooks)}`;
}
