import { describe, expect, it, vi } from 'vitest';
import { SharedWork } from './shared-work.ts';

/** Work that finishes when the test says, counting how often it was started. */
function controlled<T>() {
  let started = 0;
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const work = () => {
    started += 1;
    return new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { work, pending, started: () => started };
}

describe('SharedWork', () => {
  it('does work asked for again while under way once, and gives every asker its answer', async () => {
    const shared = new SharedWork<number>();
    const { work, pending, started } = controlled<number>();
    const answers = Promise.all([shared.run('a', work), shared.run('a', work), shared.run('a', work)]);
    expect(started()).toBe(1);
    pending[0]?.resolve(42);
    expect(await answers).toEqual([42, 42, 42]);
    expect(shared.size).toBe(0);
  });

  it('keeps different keys apart, and does the work again once it has settled', async () => {
    const shared = new SharedWork<string>();
    const { work, pending, started } = controlled<string>();
    const a = shared.run('a', work);
    const b = shared.run('b', work);
    expect(started()).toBe(2);
    pending[0]?.resolve('first');
    pending[1]?.resolve('second');
    expect([await a, await b]).toEqual(['first', 'second']);
    const again = shared.run('a', work);
    expect(started()).toBe(3);
    pending[2]?.resolve('third');
    expect(await again).toBe('third');
  });

  it('lets those who joined work that failed do it themselves, and the first asker sees its own failure', async () => {
    const shared = new SharedWork<number>();
    const { work, pending, started } = controlled<number>();
    const first = shared.run('a', work);
    const joined = shared.run('a', work);
    pending[0]?.reject(new Error('client left'));
    await expect(first).rejects.toThrow('client left');
    await vi.waitFor(() => expect(started()).toBe(2));
    pending[1]?.resolve(7);
    expect(await joined).toBe(7);
  });
});
