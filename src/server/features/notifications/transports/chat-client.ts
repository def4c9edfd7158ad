/**
 * Posts an alert to a chat channel through a Slack-compatible `chat.postMessage` Web API.
 * Slack answers HTTP 200 with `{"ok": false, "error": "..."}` when it refuses a message: that is a
 * failure too. Errors that no retry can fix (below) fail the message at once; anything else
 * (`ratelimited`, `internal_error`, HTTP 5xx, network trouble) is retried on the usual schedule.
 */
import {
  type AttemptOutcome,
  classifyResponse,
  permanentFailure,
  requestFailure,
  retryableFailure,
} from './attempt-outcome.ts';
import type { ChatMessage } from './chat-message.ts';
import { guardedPost } from './guarded-post.ts';
import { USER_AGENT } from './webhook-client.ts';

const PERMANENT_ERRORS = new Set([
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'no_permission',
  'missing_scope',
  'restricted_action',
  'invalid_blocks',
  'msg_too_long',
  'invalid_arguments',
]);

export interface ChatSettings {
  apiUrl: string;
  botToken: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export async function postChatMessage(message: ChatMessage, settings: ChatSettings): Promise<AttemptOutcome> {
  try {
    // The chat API is the operator's own configuration, not an account's input: no address guard.
    const response = await guardedPost({
      url: `${settings.apiUrl}/chat.postMessage`,
      body: JSON.stringify(message),
      headers: {
        'content-type': 'application/json; charset=utf-8',
        authorization: `Bearer ${settings.botToken}`,
        'user-agent': USER_AGENT,
      },
      timeoutMs: settings.timeoutMs,
      allowHttp: true,
      allowPrivate: true,
      ...(settings.signal ? { signal: settings.signal } : {}),
    });
    // Without the body: what the chat API says goes to the delivery log only as its error code.
    const outcome = classifyResponse({ ...response, body: '' }, Date.now());
    const answer = readSlackAnswer(response.body, settings.botToken);
    if (!outcome.ok) {
      const error = `The chat API answered HTTP ${response.statusCode}${answer.code ? `: ${answer.code}` : ''}.`;
      return { ...outcome, error };
    }
    if (answer.ok) return { ok: true, statusCode: response.statusCode };
    if (!answer.json)
      return retryableFailure('The chat API answered with something other than JSON.', response.statusCode);
    const code = answer.code ?? 'unknown_error';
    const error = `The chat API refused the message: ${code}`;
    return PERMANENT_ERRORS.has(code)
      ? permanentFailure(error, response.statusCode)
      : retryableFailure(error, response.statusCode);
  } catch (error) {
    return requestFailure(error);
  }
}

/** Slack's error codes: lower-case words joined by underscores. */
const ERROR_CODE = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Reads `{ok, error}` from the chat API's answer and nothing else. Its body is the API's to fill, and one
 * that echoes the request would carry the bot token: only an error code of Slack's own form is kept.
 */
function readSlackAnswer(text: string, botToken: string): { json: boolean; ok: boolean; code: string | null } {
  let answer: { ok?: unknown; error?: unknown };
  try {
    answer = JSON.parse(text) as { ok?: unknown; error?: unknown };
  } catch {
    return { json: false, ok: false, code: null };
  }
  const error = answer?.error;
  const code = typeof error === 'string' && ERROR_CODE.test(error) && !error.includes(botToken) ? error : null;
  return {
    json: true,
    ok: answer?.ok === true,
    code: typeof error === 'string' && code === null ? 'unknown_error' : code,
  };
}
