import type { FastifyReply } from 'fastify';
import { AbandonableReads, abandonable } from '../db/abandoned-reads.ts';
import { type Db, isPostgres } from '../db/database.ts';

/**
 * `db` for a read whose filters may run long: when the client closes the request before the answer is
 * written (a changed filter, a closed tab, a client's own timeout), the PostgreSQL statements it is
 * waiting for are cancelled instead of running on to the statement timeout. SQLite's statements run to
 * their end, on a reader thread (db/sqlite-readers.ts) or the server's own.
 */
export function readingFor(db: Db, reply: FastifyReply): Db {
  if (!isPostgres(db)) return db;
  const reads = new AbandonableReads();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) reads.abandon();
  });
  return abandonable(db, reads);
}
