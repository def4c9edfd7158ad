import os from 'node:os';
import path from 'node:path';

/** What the e2e server prepared: people per role (with passwords) and an identified visitor. */
export interface E2eState {
  people: Record<'admin' | 'analyst' | 'support', { email: string; password: string }>;
  visitor: { id: string; email: string };
  /** A website whose tracker snippet the journeys paste into a test page. */
  website: { id: string; name: string; publicKey: string };
  /** The admin of an account with a website and no session yet. */
  newcomer: { email: string; password: string; website: { id: string; host: string; publicKey: string } };
}

export const E2E_STATE_FILE = path.join(os.tmpdir(), 'session-analytics-e2e-state.json');
