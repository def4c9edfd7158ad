import { describe, expect, it } from 'vitest';
import { type ColumnBatch, forEachRow, toColumns, transferables } from './column-batch.ts';

/** The rows a batch holds, as `forEachRow` hands them over (copied, since it reuses its array). */
function rowsOf(batch: ColumnBatch): unknown[][] {
  const rows: unknown[][] = [];
  forEachRow(batch, (values) => rows.push([...values]));
  return rows;
}

/** A batch as it arrives on the other side of `postMessage`, its buffers handed over. */
function sent(batch: ColumnBatch): ColumnBatch {
  return structuredClone(batch, { transfer: transferables([batch]) });
}

describe('column batches', () => {
  it('give back every row in column order, numbers, text and nulls alike', () => {
    const rows = [
      { id: 'a', count: 3, score: 12.5, name: 'Ana', note: null },
      { id: 'b', count: 0, score: -1, name: 'Ana', note: 'x\u0000y' },
      { id: 'c', count: 2 ** 40, score: 0.1, name: '', note: 'ok' },
    ];
    const batch = toColumns(rows, ['name', 'count', 'id', 'score', 'note'], [0]);
    expect(batch.rows).toBe(3);
    expect(rowsOf(sent(batch))).toEqual([
      ['Ana', 3, 'a', 12.5, null, 0],
      ['Ana', 0, 'b', -1, 'x\u0000y', 0],
      ['', 2 ** 40, 'c', 0.1, 'ok', 0],
    ]);
  });

  it('keep a column of numbers as numbers even when a later row holds something else', () => {
    const rows = [{ value: 1 }, { value: 'two' }, { value: null }, { value: 4 }];
    expect(rowsOf(sent(toColumns(rows, ['value'])))).toEqual([[1], ['two'], [null], [4]]);
  });

  it('reads tuples by position, a position as often as it is listed', () => {
    const hours: [string, number][] = [
      ['acc_1', 3600],
      ['acc_2', 7200],
    ];
    expect(rowsOf(sent(toColumns(hours, [0, 1, 1, 0])))).toEqual([
      ['acc_1', 3600, 3600, 'acc_1'],
      ['acc_2', 7200, 7200, 'acc_2'],
    ]);
  });

  it('hand over repeated values once and ids as they are, whatever their number', () => {
    const rows = Array.from({ length: 5000 }, (_, index) => ({
      id: `s_${index}`,
      country: ['FR', 'DE', 'US'][index % 3] as string,
      at: 1_700_000_000 + index,
    }));
    const batch = toColumns(rows, ['id', 'country', 'at']);
    const [ids, countries, times] = batch.columns;
    expect(Array.isArray(ids)).toBe(true);
    expect(countries).toMatchObject({ values: ['FR', 'DE', 'US'] });
    expect(times).toBeInstanceOf(Float64Array);
    // Every buffer is handed over: the sender's copies are emptied, not cloned.
    const received = sent(batch);
    expect((times as Float64Array).length).toBe(0);
    const back = rowsOf(received);
    expect(back).toHaveLength(5000);
    expect(back[4321]).toEqual(['s_4321', 'DE', 1_700_004_321]);
  });

  it('hold no rows at all', () => {
    const batch = toColumns([] as { id: string }[], ['id'], [0]);
    expect(batch.rows).toBe(0);
    expect(rowsOf(sent(batch))).toEqual([]);
  });
});
