import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { type Db, openDatabase } from './db/database.ts';
import { migrateAndMaintain } from './db/migrate.ts';
import { createAccount, requireAccount } from './features/accounts/accounts.service.ts';
import { createApiToken, listApiTokens, parseScopes, revokeApiToken } from './features/tokens/tokens.service.ts';
import { createWebsite } from './features/websites/websites.service.ts';
import { createUser } from './features/users/users.service.ts';
import { POSTGRES_LOAD_CONNECTIONS } from './seed/row-writer.ts';
import { runSeedCommand } from './seed/seed-command.ts';
import { ROLES, type Role } from '../api/schemas/common.ts';
import { AppError } from './errors.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Options = Record<string, string | undefined>;
type Command = { options: string[]; run: (db: Db, options: Options) => Promise<string> };

const USAGE = `Usage: cli <command> [options]
  migrate
  accounts create --name NAME
  websites create --account ACCOUNT --host HOST [--name NAME]
  tokens create --account ACCOUNT --name NAME --scopes a,b,c [--expires-in-days N]
  tokens list --account ACCOUNT
  tokens revoke --account ACCOUNT --id TOKEN_ID
  users create --account ACCOUNT --email EMAIL --role admin|analyst|support [--name NAME]
  seed --account ACCOUNT --sessions N [--websites K] [--days D]
ACCOUNT is an account's id or name. DATABASE_URL selects the database, as for the server.`;

function required(options: Options, name: string): string {
  const value = options[name];
  if (value === undefined || value.trim() === '') throw new Error(`--${name} is required\n\n${USAGE}`);
  return value;
}

export function positiveInteger(options: Options, name: string, fallback?: number): number {
  const raw = options[name];
  if (raw === undefined) {
    if (fallback === undefined) throw new Error(`--${name} is required\n\n${USAGE}`);
    return fallback;
  }
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new Error(`--${name} must be a whole number of at least 1 (got "${raw}")`);
  return Number(raw);
}

const commands: Record<string, Command> = {
  migrate: {
    options: [],
    run: async (db) => {
      const { applied, rebuilt } = await migrateAndMaintain(db);
      const indexes =
        rebuilt === 0 ? '' : `; built ${rebuilt} index${rebuilt === 1 ? '' : 'es'} an earlier load left dropped`;
      return `${applied.length === 0 ? 'Already up to date' : `Applied ${applied.join(', ')}`}${indexes}`;
    },
  },
  'accounts create': {
    options: ['name'],
    run: async (db, options) => (await createAccount(db, required(options, 'name'))).id,
  },
  'websites create': {
    options: ['account', 'host', 'name'],
    run: async (db, options) => {
      const account = await requireAccount(db, required(options, 'account'));
      const website = await createWebsite(db, {
        accountId: account.id,
        host: required(options, 'host'),
        name: options.name,
      });
      return website.id;
    },
  },
  'tokens create': {
    options: ['account', 'name', 'scopes', 'expires-in-days'],
    run: async (db, options) => {
      const account = await requireAccount(db, required(options, 'account'));
      const days = options['expires-in-days'] === undefined ? null : positiveInteger(options, 'expires-in-days');
      const { token } = await createApiToken(db, {
        accountId: account.id,
        name: required(options, 'name'),
        scopes: parseScopes(required(options, 'scopes')),
        expiresAt: days === null ? null : Math.floor(Date.now() / 1000) + days * 86_400,
      });
      return token;
    },
  },
  'tokens list': {
    options: ['account'],
    run: async (db, options) => {
      const account = await requireAccount(db, required(options, 'account'));
      return JSON.stringify(await listApiTokens(db, account.id), null, 2);
    },
  },
  'tokens revoke': {
    options: ['account', 'id'],
    run: async (db, options) => {
      const account = await requireAccount(db, required(options, 'account'));
      const id = required(options, 'id');
      if (!(await revokeApiToken(db, account.id, id)))
        throw new Error(`No active token ${id} in account ${account.name}`);
      return id;
    },
  },
  'users create': {
    options: ['account', 'email', 'role', 'name'],
    run: async (db, options) => {
      const account = await requireAccount(db, required(options, 'account'));
      const role = required(options, 'role');
      if (!(ROLES as readonly string[]).includes(role))
        throw new Error(`--role must be one of ${ROLES.join(', ')} (got "${role}")`);
      const email = required(options, 'email');
      if (!EMAIL_PATTERN.test(email.trim())) throw new Error(`"${email}" is not an e-mail address`);
      try {
        const { password } = await createUser(db, account.id, { email, role: role as Role, name: options.name });
        return password;
      } catch (error) {
        throw new Error(error instanceof AppError ? error.message : String(error));
      }
    },
  },
  seed: {
    options: ['account', 'sessions', 'websites', 'days'],
    run: (db, options) => runSeedCommand(db, options),
  },
};

/** Where a command writes, and the environment it reads (DATABASE_URL as for the server). */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * Runs one command: its result goes to stdout as one line, a failure to stderr. Returns the exit
 * code, so the same function serves the terminal and the tests.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    const words = argv.filter((arg) => !arg.startsWith('-'));
    const name = [words.slice(0, 2).join(' '), words[0] ?? ''].find((candidate) => candidate in commands);
    const command = name === undefined ? undefined : commands[name];
    if (!name || !command)
      throw new Error(argv.length === 0 ? USAGE : `Unknown command "${argv.join(' ')}"\n\n${USAGE}`);
    const rest = argv.slice(name.split(' ').length);
    const { values } = parseArgs({
      args: rest,
      options: Object.fromEntries(command.options.map((option) => [option, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    });
    const config = loadConfig(io.env);
    // Maintenance commands (migrations, bulk loads that build indexes over millions of rows) run
    // without the request path's statement timeout, on a pool that holds a load's parallel writes (a
    // write waiting for a connection longer than the connect timeout would fail the load).
    const handle = openDatabase(config.DATABASE_URL, {
      poolSize: POSTGRES_LOAD_CONNECTIONS + 1,
      statementTimeoutMs: 0,
    });
    try {
      if (name !== 'migrate') await migrateAndMaintain(handle.db);
      io.stdout(`${await command.run(handle.db, values as Options)}\n`);
    } finally {
      await handle.close();
    }
    return 0;
  } catch (error) {
    io.stderr(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
