import { hash, verify } from '@node-rs/argon2';
import { randomBase62 } from '../lib/ids.ts';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes): memory-hard, so guessing on GPUs is expensive.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A generated sign-in password: 20 base62 characters, about 119 bits. */
export function generatePassword(): string {
  return randomBase62(20);
}

let dummyHash: Promise<string> | undefined;

/** Verified against when an e-mail is unknown, so a failed sign-in takes as long either way. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(generatePassword());
  return dummyHash;
}
