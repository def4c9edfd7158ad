import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase, sqliteReadersOf } from '../../db/database.ts';
import { type TestDatabase, createTestDatabase } from '../../test/harness.ts';
import { readPlaced } from './session-placed-reads.ts';

describe('readPlaced', () => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite', { migrated: true });
    handle = openDatabase(testDb.url, { readers: 1 });
  });
  afterAll(async () => {
    await handle.close();
    await testDb.drop();
  });

  const keys = (offset: number) => () =>
    handle.reader
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', 'acc_1')
      .orderBy('duration', 'desc')
      .limit(25)
      .offset(offset)
      .compile();

  it('reads a near page when only the place narrows', async () => {
    const compile = vi.fn(keys(100));
    const read = readPlaced(
      handle.reader,
      { accountId: 'acc_1' },
      { statement: 'keys:test', window: { offset: 100, limit: 25 }, timeOrder: false },
      compile,
    );
    expect(await read).toEqual([]);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('hides the values from the planner in time order only, where the same index serves any of them', async () => {
    const readers = sqliteReadersOf(handle.reader);
    if (!readers) throw new Error('the handle has reader threads');
    const sent = vi.spyOn(readers, 'read');
    try {
      const window = { offset: 0, limit: 25 };
      const place = { accountId: 'acc_1' };
      await readPlaced(handle.reader, place, { statement: 'keys:time', window, timeOrder: true }, keys(0));
      await readPlaced(handle.reader, place, { statement: 'keys:duration', window, timeOrder: false }, keys(0));
      const [inTime, inDuration] = sent.mock.calls.map(([text]) => text);
      expect(inTime).toMatch(/limit \+\? offset \+\?$/);
      expect(inTime).not.toMatch(/[^+]\?/);
      expect(inDuration).toMatch(/limit \? offset \?$/);
    } finally {
      sent.mockRestore();
    }
  });

  it('leaves a deep page and any other filter to the query builder, which can cancel it', () => {
    const compile = vi.fn(keys(20_000));
    const window = { offset: 20_000, limit: 25 };
    expect(
      readPlaced(handle.reader, { accountId: 'acc_1' }, { statement: 'keys:deep', window, timeOrder: true }, compile),
    ).toBeNull();
    const near = { statement: 'keys:device', window: { offset: 0, limit: 25 }, timeOrder: true };
    expect(readPlaced(handle.reader, { accountId: 'acc_1', device: 'mobile' }, near, compile)).toBeNull();
    expect(compile).not.toHaveBeenCalled();
  });
});
