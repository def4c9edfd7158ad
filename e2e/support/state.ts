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

// One file per server port, so runs on different ports (E2E_PORT) never read each other's people.
const port = process.env.E2E_PORT ?? process.env.PORT ?? '3470';
export const E2E_STATE_FILE = path.join(os.tmpdir(), `session-analytics-e2e-state-${port}.json`);
