import { sha256Hex } from './sha256.ts';

/**
 * A visitor's e-mail as it is kept for finding (`visitors.email_lower`) and as a filter or a search is
 * compared with it: trimmed and in lower case, with the two letters lower case leaves apart from their
 * like folded together: the Greek final "ς" as "σ" (lower case ends a word's capital sigma with "ς", so
 * "ΣΟΦΟΣ@" and a typed "σοφοσ@" would differ) and the dotted "i̇" that a capital "İ" becomes as "i" (what
 * a Turkish keyboard's İ is typed as in lower case).
 */
export function emailKey(email: string): string {
  return email.trim().toLowerCase().replaceAll('ς', 'σ').replaceAll('i\u0307', 'i');
}

/** The session resource's `email_hash`: SHA-256 of the trimmed, lower-cased e-mail, as it always was. */
export function emailHash(email: string): string {
  return sha256Hex(email.trim().toLowerCase());
}

/** A visitor's e-mail with its key and hash, as the visitors table keeps them. */
export function emailColumns(email: string | null | undefined) {
  const trimmed = email?.trim() ?? null;
  return {
    email: trimmed,
    email_lower: trimmed === null ? null : emailKey(trimmed),
    email_hash: trimmed === null ? null : emailHash(trimmed),
  };
}
