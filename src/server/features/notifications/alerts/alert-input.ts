/**
 * What requests may say in more than one way, reduced to one: `provider: "slack"` is `chat`,
 * `slack_channel_id` is `chat_channel_id` (clients written for the hosted service send those names),
 * and an event without `value` matches any event of its kind (for rage clicks, 3 clicks).
 */
import { EVENT_KIND } from '../../../../api/event-catalogue.ts';
import {
  type AlertEventValue,
  type CreateAlertInput,
  DEFAULT_RAGE_CLICK_THRESHOLD,
  type UpdateAlertInput,
} from '../../../../api/schemas/alerts.ts';
import { errors } from '../../../errors.ts';

export type AlertProvider = 'chat' | 'webhooks';

type EventInput = CreateAlertInput['events'][number];

export function canonicalProvider(provider: CreateAlertInput['provider']): AlertProvider {
  return provider === 'slack' ? 'chat' : provider;
}

/** The chat channel a request names under either spelling; `undefined` when it names none. */
export function requestedChatChannel(
  input: Pick<UpdateAlertInput, 'chat_channel_id' | 'slack_channel_id'>,
): string | null | undefined {
  const { chat_channel_id: chat, slack_channel_id: slack } = input;
  if (chat !== undefined && slack !== undefined && chat !== slack) {
    throw errors.validation(
      'conflicting_value',
      'slack_channel_id and chat_channel_id name the same field and must not differ',
      'slack_channel_id',
    );
  }
  return chat !== undefined ? chat : slack;
}

export function withDefaultValues(events: readonly EventInput[]): AlertEventValue[] {
  return events.map((event) => ({
    kind: event.kind,
    value: event.value ?? (event.kind === EVENT_KIND.rageClick ? DEFAULT_RAGE_CLICK_THRESHOLD : ''),
  }));
}
