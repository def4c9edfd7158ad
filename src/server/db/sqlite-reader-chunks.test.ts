import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, sqliteReadersOf } from './database.ts';
import { type SqliteReaders, releaseRows } from './sqlite-readers.ts';

describe("SQLite reader threads: answers' blobs in shared memory", () => {
  let dir: string;
  let handle: DatabaseHandle;
  // The tests' own table, outside the product's schema.
  let db: Kysely<Record<string, Record<string, unknown>>>;
  let reader: Kysely<Record<string, Record<string, unknown>>>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-reader-chunks-'));
    handle = openDatabase(path.join(dir, 'readers.db'), { readers: 1 });
    db = handle.db as unknown as typeof db;
    reader = handle.reader as unknown as typeof reader;
    await sql`create table t (id integer primary key, data blob)`.execute(db);
  });
  afterEach(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // The collector, called by the tests: a chunk is handed back only once nothing here refers to it.
  v8.setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  const collected = async () => {
    collect();
    // The registry's callbacks run in a task of their own after the collection.
    await new Promise((resolve) => setImmediate(resolve));
  };
  const readersOf = () => sqliteReadersOf(handle.reader) as SqliteReaders;
  /** Collects until no more chunks come back. */
  const settled = async () => {
    let held = readersOf().heldChunks();
    for (let round = 0; round < 5; round += 1) {
      await collected();
      const now = readersOf().heldChunks();
      if (now === held) break;
      held = now;
    }
    return held;
  };
  const blobOf = async (id: number) => {
    const [row] = await reader.selectFrom('t').select('data').where('id', '=', id).execute();
    return row?.data as Buffer;
  };

  it('writes them into chunks it reuses once nothing here refers to them', async () => {
    // 1 MB a blob: 200 reads are three times the 64 MB the thread may share.
    await sql`insert into t (id, data) values (10, randomblob(1000000))`.execute(db);
    const [own] = await db.selectFrom('t').select('data').where('id', '=', 10).execute();
    const expected = createHash('sha256')
      .update(own?.data as Buffer)
      .digest('hex');
    // Each read's Buffer is gone once it is checked.
    const check = async () => {
      const blob = await blobOf(10);
      return {
        shared: blob.buffer instanceof SharedArrayBuffer,
        hash: createHash('sha256').update(blob).digest('hex'),
      };
    };
    for (let read = 0; read < 200; read += 1) {
      expect(await check()).toEqual({ shared: true, hash: expected });
      if (read % 10 === 9) await collected();
    }
    expect(await settled()).toBe(0);
  });

  it('keeps the bytes a reader still holds, even a slice of them alone, while the thread answers other reads', async () => {
    await sql`insert into t (id, data) values (10, randomblob(200000)), (11, randomblob(200000))`.execute(db);
    const [own] = await db.selectFrom('t').select('data').where('id', '=', 10).execute();
    const expected = Buffer.from(own?.data as Buffer);
    const kept = await blobOf(10);
    // A view of part of the chunk, with no other reference to the answer's rows or Buffer.
    let slice: Buffer | null = (await blobOf(10)).subarray(1000, 2000);
    for (let read = 0; read < 400; read += 1) {
      await blobOf(11);
      if (read % 20 === 19) await collected();
    }
    expect(kept.equals(expected)).toBe(true);
    expect(slice.equals(expected.subarray(1000, 2000))).toBe(true);
    // The two answers whose bytes are still held, and nothing else.
    expect(await settled()).toBe(2);
    slice = null;
    expect(await settled()).toBe(1);
    expect(kept.equals(expected)).toBe(true);
  });
  it('hands a chunk back at once when its reader says it copied the rows', async () => {
    await sql`insert into t (id, data) values (10, randomblob(100000)), (11, randomblob(100000))`.execute(db);
    expect(await settled()).toBe(0);
    const rows = await reader.selectFrom('t').select(['id', 'data']).orderBy('id').execute();
    const [other] = await reader.selectFrom('t').select('data').where('id', '=', 10).execute();
    expect(readersOf().heldChunks()).toBe(2);
    releaseRows(rows);
    expect(readersOf().heldChunks()).toBe(1);
    // Again, or rows read on the connection itself: nothing more is handed back.
    releaseRows(rows);
    releaseRows(await db.selectFrom('t').selectAll().execute());
    expect(readersOf().heldChunks()).toBe(1);
    expect((other?.data as Buffer).byteLength).toBe(100_000);
  });
});
