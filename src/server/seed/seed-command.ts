import type { Db } from '../db/database.ts';
import { requireAccount } from '../features/accounts/accounts.service.ts';
import { seedSessions } from './seed-sessions.ts';

type Options = Record<string, string | undefined>;

const MAX_SESSIONS = 100_000_000;
const MAX_WEBSITES = 100;
const MAX_DAYS = 3650;

function wholeNumber(options: Options, name: string, max: number): number | undefined {
  const raw = options[name];
  if (raw === undefined) return undefined;
  const value = raw.trim();
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new Error(`--${name} must be a whole number from 1 to ${max} (got "${raw}")`);
  }
  return Number(value);
}

/** `seed --account ACCOUNT --sessions N [--websites K] [--days D]`: returns a one-line summary. */
export async function runSeedCommand(db: Db, options: Options): Promise<string> {
  const accountName = options.account?.trim();
  if (!accountName) throw new Error('--account is required (an account id or name)');
  const sessions = wholeNumber(options, 'sessions', MAX_SESSIONS);
  if (sessions === undefined) throw new Error('--sessions is required (how many sessions to add)');
  const websites = wholeNumber(options, 'websites', MAX_WEBSITES);
  const days = wholeNumber(options, 'days', MAX_DAYS);
  const account = await requireAccount(db, accountName);

  // Progress is for people watching a terminal; pipes and logs get only the summary.
  const showProgress = process.stderr.isTTY === true;
  const started = performance.now();
  const result = await seedSessions(db, {
    accountId: account.id,
    sessions,
    websites,
    days,
    onProgress: showProgress
      ? (done) =>
          process.stderr.write(`\r${done.toLocaleString('en-US')} / ${sessions.toLocaleString('en-US')} sessions`)
      : undefined,
  });
  if (showProgress) {
    const seconds = (performance.now() - started) / 1000;
    process.stderr.write(
      `\r${' '.repeat(40)}\r${Math.round(result.sessions / seconds).toLocaleString('en-US')} sessions/s\n`,
    );
  }
  const websiteCount = result.websiteIds.length;
  return `Added ${result.sessions} sessions (${result.visitors} visitors) to ${account.name} across ${websiteCount} website${websiteCount === 1 ? '' : 's'}`;
}
