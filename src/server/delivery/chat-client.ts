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
    const outcome = classifyResponse(response, Date.now());
    if (!outcome.ok) return outcome;
    return readSlackAnswer(response.body, response.statusCode);
  } catch (error) {
    return requestFailure(error);
  }
}

function readSlackAnswer(text: string, statusCode: number): AttemptOutcome {
  let answer: { ok?: unknown; error?: unknown };
  try {
    answer = JSON.parse(text) as { ok?: unknown; error?: unknown };
  } catch {
    return retryableFailure('The chat API answered with something other than JSON.', statusCode);
  }
  if (answer.ok === true) return { ok: true, statusCode };
  const code = typeof answer.error === 'string' ? answer.error : 'unknown_error';
  const error = `The chat API refused the message: ${code}`;
  return PERMANENT_ERRORS.has(code) ? permanentFailure(error, statusCode) : retryableFailure(error, statusCode);
}
