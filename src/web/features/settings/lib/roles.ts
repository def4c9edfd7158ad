import type { User } from '../../../../api/client/types.gen.ts';

export type Role = User['role'];

/** Each role with the one line that tells people what it may do; the server enforces the same sets. */
export const ROLE_DESCRIPTIONS: Record<Role, { label: string; description: string }> = {
  admin: { label: 'Admin', description: 'Everything, including settings, API tokens, people and webhook secrets.' },
  analyst: { label: 'Analyst', description: 'Reads sessions, alerts, webhooks and websites; changes nothing.' },
  support: { label: 'Support', description: 'Reads sessions and websites, to help visitors.' },
};

export const ROLES = Object.keys(ROLE_DESCRIPTIONS) as Role[];
