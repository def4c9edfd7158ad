import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SCOPES } from '../src/api/schemas/common.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { createAccount } from '../src/server/features/accounts/accounts.service.ts';
import { createApiToken } from '../src/server/features/tokens/tokens.service.ts';
import { createUser } from '../src/server/features/users/users.service.ts';
import { createWebsite } from '../src/server/features/websites/websites.service.ts';
import { buildTracker, buildRecorder, RECORDER_OUTPUT, TRACKER_OUTPUT } from '../scripts/build-tracker.ts';

export interface ReplayBenchAccount {
  accountId: string;
  token: string;
  admin: { email: string; password: string };
  websites: Record<string, { id: string; publicKey: string }>;
}

/** A fresh account with a website per host, an all-scopes token and an admin who can sign in. */
export async function prepareReplayAccount(url: string, hosts: string[]): Promise<ReplayBenchAccount> {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    const suffix = crypto.randomBytes(4).toString('hex');
    const account = await createAccount(database.db, `replay-bench-${suffix}`);
    const websites: ReplayBenchAccount['websites'] = {};
    for (const host of hosts) {
      const website = await createWebsite(database.db, { accountId: account.id, host });
      websites[host] = { id: website.id, publicKey: website.public_key };
    }
    const { token } = await createApiToken(database.db, {
      accountId: account.id,
      name: 'replay bench',
      scopes: [...SCOPES],
    });
    const email = `replay-bench-${suffix}@bench.example`;
    const { password } = await createUser(database.db, account.id, { email, name: 'Replay Bench', role: 'admin' });
    return { accountId: account.id, token, admin: { email, password }, websites };
  } finally {
    await database.close();
  }
}

/** The server serves dist/tracker/t.js and r.js; builds them when missing. */
export async function ensureTrackerBuild(): Promise<void> {
  if (fs.existsSync(TRACKER_OUTPUT) && fs.existsSync(RECORDER_OUTPUT)) return;
  fs.mkdirSync(path.dirname(TRACKER_OUTPUT), { recursive: true });
  fs.writeFileSync(TRACKER_OUTPUT, await buildTracker());
  fs.writeFileSync(RECORDER_OUTPUT, await buildRecorder());
}

/** Sums what the service stored for a session's replay, through the API. */
export async function storedRecordingBytes(baseUrl: string, token: string, sessionId: string): Promise<number> {
  const response = await fetch(`${baseUrl}/v1/sessions/${sessionId}/recording`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET recording answered ${response.status}`);
  const recording = (await response.json()) as { chunks: { compressed_bytes: number }[] };
  return recording.chunks.reduce((sum, chunk) => sum + chunk.compressed_bytes, 0);
}
