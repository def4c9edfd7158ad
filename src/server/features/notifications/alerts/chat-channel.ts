/**
 * The form of a chat channel an alert posts to: a channel id (`C0123ABCD`: upper-case letters and
 * digits, starting with C for a channel, G for a private group, D for a direct message) or a
 * `#name` (lower-case letters, digits, hyphens and underscores, at most 80 characters, as Slack
 * names channels).
 */
const CHANNEL_ID = /^[CGD][A-Z0-9]+$/;
const CHANNEL_NAME = /^#[a-z0-9_-]{1,80}$/;

export type ChannelForm = 'id' | 'name';

/** Which form `channel` has, or null when it is neither. */
export function chatChannelForm(channel: string): ChannelForm | null {
  if (CHANNEL_ID.test(channel)) return 'id';
  if (CHANNEL_NAME.test(channel)) return 'name';
  return null;
}

export const CHANNEL_FORM_MESSAGE =
  'must be a channel id such as C0123ABCD (upper-case letters and digits, starting with C, G or D) or a #name (lower-case letters, digits, hyphens and underscores, at most 80 characters)';
