import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { SqliteReaders } from './sqlite-readers.ts';

describe('SQLite reader threads', () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle;
  // The tests' own table, outside the product's schema.
  let db: Kysely<Record<string, Record<string, unknown>>>;
  let reader: Kysely<Record<string, Record<string, unknown>>>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-readers-'));
    file = path.join(dir, 'readers.db');
    handle = openDatabase(file, { readers: 2 });
    db = handle.db as unknown as typeof db;
    reader = handle.reader as unknown as typeof reader;
    await sql`create table t (id integer primary key, name text, score real, data blob, note text)`.execute(db);
    await sql`insert into t values (1, 'ann', 1.5, x'00ff', null), (2, 'bob', null, null, 'hi "there"')`.execute(db);
  });
  afterEach(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is a reader of its own on a file, and the database itself elsewhere', async () => {
    expect(handle.reader).not.toBe(handle.db);
    const memory = openDatabase(':memory:', { readers: 2 });
    const plain = openDatabase(path.join(dir, 'plain.db'));
    try {
      expect(memory.reader).toBe(memory.db);
      expect(plain.reader).toBe(plain.db);
    } finally {
      await memory.close();
      await plain.close();
    }
  });

  it('returns the rows, names and types the connection itself returns', async () => {
    for (const query of [
      db.selectFrom('t').selectAll().orderBy('id'),
      db
        .selectFrom('t')
        .select(['name', 'data', sql<number>`score * 2`.as('double score')])
        .where('id', '=', 2),
      db.selectFrom('t').select([sql<number>`count(*)`.as('n'), sql<number>`max(score)`.as('top')]),
      db.selectFrom('t').selectAll().where('id', '>', 5),
    ]) {
      const compiled = query.compile();
      const own = await db.executeQuery(compiled);
      const read = await reader.executeQuery(compiled);
      expect(read.rows).toEqual(own.rows);
      expect(read.rows.map((row) => Object.keys(row as object))).toEqual(
        own.rows.map((row) => Object.keys(row as object)),
      );
    }
    const [blob] = await reader.selectFrom('t').select('data').where('id', '=', 1).execute();
    expect(Buffer.from(blob?.data as Uint8Array)).toEqual(Buffer.from([0x00, 0xff]));
  });

  it('hands back every blob of an answer with its own bytes, as Buffers', async () => {
    await sql`insert into t (id, name, data, note) values (3, 'cy', x'', x'0102'), (4, 'dee', x'ffeedd', 'text')`.execute(
      db,
    );
    await sql`insert into t (id, data) values (5, randomblob(70000))`.execute(db);
    const query = db.selectFrom('t').select(['id', 'name', 'data', 'note']).orderBy('id').compile();
    const own = await db.executeQuery(query);
    const read = await reader.executeQuery(query);
    expect(read.rows).toEqual(own.rows);
    const blobs = read.rows.flatMap((row) =>
      Object.values(row as object).filter((value) => value instanceof Uint8Array),
    );
    expect(blobs).toHaveLength(5);
    for (const blob of blobs) expect(Buffer.isBuffer(blob)).toBe(true);
    // Each blob is its own bytes, not a window onto its neighbours'.
    expect(blobs.map((blob) => (blob as Buffer).toString('hex'))).toEqual([
      '00ff',
      '',
      '0102',
      'ffeedd',
      expect.any(String),
    ]);
    expect((blobs[4] as Buffer).byteLength).toBe(70_000);
  });

  it('sees each write once it is committed', async () => {
    await db.insertInto('t').values({ id: 3, name: 'cy' }).execute();
    expect(await reader.selectFrom('t').select('name').where('id', '=', 3).execute()).toEqual([{ name: 'cy' }]);

    let during: unknown[] = [];
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('t').set({ name: 'dee' }).where('id', '=', 3).execute();
      during = await reader.selectFrom('t').select('name').where('id', '=', 3).execute();
    });
    expect(during).toEqual([{ name: 'cy' }]);
    expect(await reader.selectFrom('t').select('name').where('id', '=', 3).execute()).toEqual([{ name: 'dee' }]);
    await sql`alter table t add column extra text default 'x'`.execute(db);
    expect(await reader.selectFrom('t').selectAll().where('id', '=', 1).execute()).toEqual([
      { id: 1, name: 'ann', score: 1.5, data: Buffer.from([0x00, 0xff]), note: null, extra: 'x' },
    ]);
  });

  it('answers many reads at once, each with its own rows', async () => {
    const ids = Array.from({ length: 200 }, (_, index) => index + 10);
    await db
      .insertInto('t')
      .values(ids.map((id) => ({ id, name: `n${id}` })))
      .execute();
    const answers = await Promise.all(
      ids.map((id) => reader.selectFrom('t').select(['id', 'name']).where('id', '=', id).execute()),
    );
    expect(answers).toEqual(ids.map((id) => [{ id, name: `n${id}` }]));
  });

  it("fails a bad read with SQLite's error and code, and refuses writes and transactions", async () => {
    await expect(sql`select * from missing`.execute(reader)).rejects.toMatchObject({
      code: 'SQLITE_ERROR',
      message: expect.stringContaining('no such table: missing'),
    });
    await expect(reader.insertInto('t').values({ id: 9, name: 'no' }).execute()).rejects.toThrow(
      /only runs statements that return rows/,
    );
    await expect(reader.insertInto('t').values({ id: 9, name: 'no' }).returning('id').execute()).rejects.toMatchObject({
      code: 'SQLITE_READONLY',
    });
    await expect(reader.transaction().execute(async () => undefined)).rejects.toThrow(/no transactions/);
    expect(await db.selectFrom('t').select('id').where('id', '=', 9).execute()).toEqual([]);
    // The reader goes on reading.
    expect(await reader.selectFrom('t').select('name').where('id', '=', 1).execute()).toEqual([{ name: 'ann' }]);
  });

  it('keeps the event loop free while a long read runs', async () => {
    let done = false;
    const long = sql<{ n: number }>`with recursive c(i) as (select 1 union all select i + 1 from c where i < 2000000)
      select count(*) as n from c`
      .execute(reader)
      .finally(() => {
        done = true;
      });
    // Five 10 ms ticks while the count runs; had it run on the event loop, the first would have come after it.
    const doneAtTicks: boolean[] = [];
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        doneAtTicks.push(done);
        if (doneAtTicks.length === 5) {
          clearInterval(timer);
          resolve();
        }
      }, 10);
    });
    expect(doneAtTicks).toEqual([false, false, false, false, false]);
    expect((await long).rows).toEqual([{ n: 2000000 }]);
  });
});

describe('a reader thread that stops', () => {
  it('fails the reads it held, and the next read starts a thread again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-readers-'));
    const file = path.join(dir, 'stop.db');
    const setup = openDatabase(file);
    await sql`create table t (id integer primary key)`.execute(setup.db);
    await sql`insert into t values (1)`.execute(setup.db);
    await setup.close();
    const readers = new SqliteReaders(file, 1);
    try {
      expect(await readers.read('select id from t', [])).toEqual([{ id: 1 }]);
      const held = readers.read(
        `with recursive c(i) as (select 1 union all select i + 1 from c where i < 50000000) select count(*) from c`,
        [],
      );
      // As when a thread dies: terminated from outside.
      const threads = (readers as unknown as { readers: { worker: { terminate(): Promise<number> } }[] }).readers;
      await threads[0]?.worker.terminate();
      await expect(held).rejects.toThrow(/reader thread stopped/);
      expect(await readers.read('select id + 1 as next from t', [])).toEqual([{ next: 2 }]);
    } finally {
      await readers.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a reader of a file that cannot be opened', () => {
  it('fails each read with the error and its code', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-readers-'));
    const plainFile = path.join(dir, 'plain');
    fs.writeFileSync(plainFile, 'not a directory');
    const readers = new SqliteReaders(path.join(plainFile, 'x.db'), 1);
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        await expect(readers.read('select 1', [])).rejects.toMatchObject({ code: 'EEXIST' });
      }
    } finally {
      await readers.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a process waiting only for a read', () => {
  it('stays alive until the answer comes', { timeout: 60_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-readers-'));
    try {
      const script = path.join(dir, 'wait.mts');
      const module = pathToModule('sqlite-readers.ts');
      fs.writeFileSync(
        script,
        `import { SqliteReaders } from ${JSON.stringify(module)};
         const readers = new SqliteReaders(${JSON.stringify(path.join(dir, 'wait.db'))}, 1);
         console.log(JSON.stringify(await readers.read('select 6 * 7 as answer', [])));
         await readers.close();`,
      );
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
        cwd: path.dirname(pathToModule('.')),
      });
      expect(JSON.parse(stdout)).toEqual([{ answer: 42 }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

function pathToModule(name: string): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), name);
}
