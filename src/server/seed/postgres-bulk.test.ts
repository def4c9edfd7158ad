import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, postgresPoolOf } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';
import { copyField, copyRows } from './postgres-bulk.ts';

describe('copyField', () => {
  it('writes null as \\N and escapes the characters COPY gives a meaning', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField('')).toBe('');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField('plain https://example.com/?q=1&x=é')).toBe('plain https://example.com/?q=1&x=é');
    expect(copyField(42)).toBe('42');
    expect(copyField(-3.5)).toBe('-3.5');
    expect(copyField(true)).toBe('true');
    expect(copyField({ a: 'x\ty' })).toBe('{"a":"x\\\\ty"}');
  });
});

interface Row {
  label: string | null;
  count: number;
  score: number | null;
}

describe.runIf(process.env.TEST_DATABASE_URL)('copyRows on PostgreSQL', () => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    handle = openDatabase(testDb.url, { poolSize: 2 });
  });

  afterAll(async () => {
    await handle.close();
    await testDb.drop();
  });

  const withClient = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const pool = postgresPoolOf(handle.db);
    if (pool === undefined) throw new Error('a PostgreSQL handle has a pool');
    const client = await pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  };

  it('stores every value as given, special characters, empty text and nulls included, over many chunks', async () => {
    const tricky = ['', '\\N', 'tab\there', 'line\nbreak', 'carriage\rreturn', 'back\\slash', '€ 😀', 'a,"b";c'];
    const rows: Row[] = Array.from({ length: 2500 }, (_, index) => ({
      label: index % 10 === 9 ? null : `${tricky[index % tricky.length]}#${index}`,
      count: index,
      score: index % 7 === 0 ? null : index / 4,
    }));
    const stored = await withClient(async (client) => {
      await client.query('create temp table copied (label text, count integer not null, score real)');
      await copyRows<Row>(client, 'copied', ['label', 'count', 'score'], rows);
      const result = await client.query<Row>('select label, count, score from copied order by count');
      return result.rows;
    });
    expect(stored).toEqual(rows);
  });

  it('rejects a row the table refuses, naming the problem, and leaves the connection usable', async () => {
    await withClient(async (client) => {
      await client.query('create temp table strict (count integer not null)');
      await expect(copyRows(client, 'strict', ['count'], [{ count: 1 }, { count: null }])).rejects.toThrow(
        /null value in column "count"/,
      );
      const after = await client.query<{ n: string }>('select count(*)::text as n from strict');
      expect(after.rows[0]?.n).toBe('0');
    });
  });
});
