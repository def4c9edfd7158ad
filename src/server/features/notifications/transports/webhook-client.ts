/** Sends one webhook message: the stored body, signed, to the webhook's URL. */
import { type AttemptOutcome, classifyResponse, requestFailure } from './attempt-outcome.ts';
import { guardedPost } from './guarded-post.ts';
import { signatureHeaders } from './webhook-signer.ts';

export const USER_AGENT = 'SessionAnalytics-Webhooks/1.0';

export interface WebhookTarget {
  url: string;
  /** The secrets that sign this attempt, the current one first. */
  secrets: readonly [string, ...string[]];
}

export interface WebhookSendOptions {
  timeoutMs: number;
  allowHttp: boolean;
  allowPrivate: boolean;
  signal?: AbortSignal;
}

export async function sendWebhook(
  target: WebhookTarget,
  message: { id: string; payload: string },
  options: WebhookSendOptions,
): Promise<AttemptOutcome> {
  // The signature carries real time, never a test clock: receivers compare it with their own clock.
  const sentAt = new Date();
  try {
    const response = await guardedPost({
      url: target.url,
      body: message.payload,
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        ...signatureHeaders(target.secrets, message.id, sentAt, message.payload),
      },
      ...options,
    });
    return classifyResponse(response, Date.now());
  } catch (error) {
    return requestFailure(error);
  }
}
