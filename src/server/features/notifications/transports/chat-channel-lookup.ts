/**
 * Looks a chat channel up through the Slack-compatible Web API, so that an alert is refused when
 * the bot could not post there: `conversations.info` for a channel id, `conversations.list` (every
 * page, public and private channels the bot can see) for a `#name`.
 */
import { USER_AGENT } from './webhook-client.ts';

export interface ChatApiSettings {
  apiUrl: string;
  botToken: string;
  /** For the whole lookup, every page included. */
  timeoutMs: number;
}

interface CallSettings {
  apiUrl: string;
  botToken: string;
  signal: AbortSignal;
}

/**
 * `found`: the bot can post there; `channel_not_found` and `not_in_channel` are the chat API's own
 * codes; `unchecked`: the API could not say (unreachable, refused the token, …), with why.
 */
export type ChannelLookup =
  | { result: 'found' }
  | { result: 'channel_not_found' }
  | { result: 'not_in_channel' }
  | { result: 'unchecked'; reason: string };

/** Channels per `conversations.list` page (Slack advises at most 200), and how many pages are read at most. */
const LIST_PAGE_SIZE = 200;
const MAX_LIST_PAGES = 50;

interface Conversation {
  id?: unknown;
  name?: unknown;
  is_member?: unknown;
}

interface ApiAnswer {
  ok?: unknown;
  error?: unknown;
  channel?: Conversation;
  channels?: Conversation[];
  response_metadata?: { next_cursor?: unknown };
}

class ChatApiUnavailable extends Error {}

async function callChatApi(method: string, params: Record<string, string>, settings: CallSettings): Promise<ApiAnswer> {
  let response: Response;
  try {
    // The chat API is the operator's own configuration, not an account's input: no address guard,
    // and its lists may be longer than what deliveries read of an answer.
    response = await fetch(`${settings.apiUrl}/${method}`, {
      method: 'POST',
      body: new URLSearchParams(params),
      headers: { authorization: `Bearer ${settings.botToken}`, 'user-agent': USER_AGENT },
      redirect: 'manual',
      signal: settings.signal,
    });
  } catch (error) {
    const why = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
    throw new ChatApiUnavailable(`the chat API ${why}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ChatApiUnavailable(`the chat API answered HTTP ${response.status}`);
  }
  try {
    return (await response.json()) as ApiAnswer;
  } catch {
    throw new ChatApiUnavailable('the chat API answered with something other than JSON');
  }
}

/** A conversation the bot is not a member of: only channels say so (direct messages have no `is_member`). */
function membership(channel: Conversation | undefined): ChannelLookup {
  return channel?.is_member === false ? { result: 'not_in_channel' } : { result: 'found' };
}

function refusal(answer: ApiAnswer): ChannelLookup {
  if (answer.error === 'channel_not_found') return { result: 'channel_not_found' };
  if (answer.error === 'not_in_channel') return { result: 'not_in_channel' };
  const code = typeof answer.error === 'string' && /^[a-z_]{1,64}$/.test(answer.error) ? answer.error : 'unknown_error';
  return { result: 'unchecked', reason: `the chat API refused the lookup: ${code}` };
}

async function lookUpById(channelId: string, settings: CallSettings): Promise<ChannelLookup> {
  const answer = await callChatApi('conversations.info', { channel: channelId }, settings);
  return answer.ok === true ? membership(answer.channel) : refusal(answer);
}

async function lookUpByName(name: string, settings: CallSettings): Promise<ChannelLookup> {
  let cursor = '';
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    const answer = await callChatApi(
      'conversations.list',
      {
        types: 'public_channel,private_channel',
        exclude_archived: 'true',
        limit: String(LIST_PAGE_SIZE),
        ...(cursor ? { cursor } : {}),
      },
      settings,
    );
    if (answer.ok !== true) return refusal(answer);
    const found = (answer.channels ?? []).find((channel) => channel.name === name);
    if (found) return membership(found);
    const next = answer.response_metadata?.next_cursor;
    if (typeof next !== 'string' || next === '') return { result: 'channel_not_found' };
    cursor = next;
  }
  return { result: 'unchecked', reason: `the workspace has more than ${MAX_LIST_PAGES * LIST_PAGE_SIZE} channels` };
}

/** Looks up a channel id or a `#name` (whose form was checked before). */
export async function lookUpChatChannel(channel: string, settings: ChatApiSettings): Promise<ChannelLookup> {
  const call = {
    apiUrl: settings.apiUrl,
    botToken: settings.botToken,
    signal: AbortSignal.timeout(settings.timeoutMs),
  };
  try {
    return channel.startsWith('#') ? await lookUpByName(channel.slice(1), call) : await lookUpById(channel, call);
  } catch (error) {
    if (error instanceof ChatApiUnavailable) return { result: 'unchecked', reason: error.message };
    throw error;
  }
}
