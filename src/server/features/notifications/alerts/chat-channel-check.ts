/**
 * The check of an alert's chat channel when it is set: its form always, and with a bot token
 * configured, that the bot can post there. When the chat API cannot say (unreachable, token
 * refused, …) the alert is accepted and the server logs why: deliveries report any problem later,
 * and an outage of the chat service does not block editing alerts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { errors } from '../../../errors.ts';
import { type ChannelLookup, lookUpChatChannel } from '../transports/chat-channel-lookup.ts';
import { CHANNEL_FORM_MESSAGE, chatChannelForm } from './chat-channel.ts';

export type ChatChannelLookup = (channel: string) => Promise<ChannelLookup>;

/** How long an alert's creation or update waits for the chat API. */
const LOOKUP_TIMEOUT_MS = 5_000;

/** The chat API lookup of this server, or null without a bot token. */
export function chatChannelLookup(
  settings: { apiUrl: string; botToken: string | undefined },
  log: FastifyBaseLogger,
): ChatChannelLookup | null {
  const { apiUrl, botToken } = settings;
  if (!botToken) return null;
  return async (channel) => {
    const lookup = await lookUpChatChannel(channel, { apiUrl, botToken, timeoutMs: LOOKUP_TIMEOUT_MS });
    if (lookup.result === 'unchecked') log.warn({ channel, reason: lookup.reason }, 'chat channel accepted unchecked');
    return lookup;
  };
}

/** Throws a 400 naming `field` when `channel` has the wrong form, or when the chat API says the bot cannot post there. */
export async function checkChatChannel(
  channel: string,
  field: 'chat_channel_id' | 'slack_channel_id',
  lookUp: ChatChannelLookup | null,
): Promise<void> {
  if (chatChannelForm(channel) === null)
    throw errors.validation('invalid_value', `${field} ${CHANNEL_FORM_MESSAGE}`, field);
  if (!lookUp) return;
  const lookup = await lookUp(channel);
  if (lookup.result === 'channel_not_found') {
    throw errors.validation(
      'channel_not_found',
      `The chat bot sees no channel ${channel}: check the ${channel.startsWith('#') ? 'name' : 'id'} (a private channel must have the bot invited)`,
      field,
    );
  }
  if (lookup.result === 'not_in_channel') {
    throw errors.validation(
      'not_in_channel',
      `The chat bot is not in ${channel}: invite it to the channel, then save again`,
      field,
    );
  }
}
