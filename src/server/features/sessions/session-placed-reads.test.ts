import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
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
    const read = readPlaced(handle.reader, { accountId: 'acc_1' }, 'keys:test', { offset: 100, limit: 25 }, compile);
    expect(await read).toEqual([]);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('leaves a deep page and any other filter to the query builder, which can cancel it', () => {
    const compile = vi.fn(keys(20_000));
    const window = { offset: 20_000, limit: 25 };
    expect(readPlaced(handle.reader, { accountId: 'acc_1' }, 'keys:deep', window, compile)).toBeNull();
    const near = { offset: 0, limit: 25 };
    expect(
      readPlaced(handle.reader, { accountId: 'acc_1', device: 'mobile' }, 'keys:device', near, compile),
    ).toBeNull();
    expect(compile).not.toHaveBeenCalled();
  });
});
