import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS, createSessionIds, randomId } from './session-ids.ts';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

class BlockedStorage extends MemoryStorage {
  override setItem(): void {
    throw new Error('SecurityError');
  }
}

describe('createSessionIds', () => {
  it('keeps the visitor and the session while events keep coming, and starts a session after 30 idle minutes', () => {
    let now = 1_000_000;
    const local = new MemoryStorage();
    const ids = createSessionIds(local, new MemoryStorage(), () => now);
    const first = ids?.touch();
    expect(first).toMatchObject({ started: true });
    now += SESSION_IDLE_MS;
    const second = ids?.touch();
    expect(second).toEqual({ ...first, started: false });
    now += SESSION_IDLE_MS + 1;
    const third = ids?.touch();
    expect(third?.started).toBe(true);
    expect(third?.visitorId).toBe(first?.visitorId);
    expect(third?.sessionId).not.toBe(first?.sessionId);
  });

  it('keeps the visitor across tabs (localStorage) with a session per tab (sessionStorage)', () => {
    const local = new MemoryStorage();
    const tabA = createSessionIds(local, new MemoryStorage(), () => 0)?.touch();
    const tabB = createSessionIds(local, new MemoryStorage(), () => 0)?.touch();
    expect(tabB?.visitorId).toBe(tabA?.visitorId);
    expect(tabB?.sessionId).not.toBe(tabA?.sessionId);
  });

  it('starts a new session for a new visitor, even in a tab with a session', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    const ids = createSessionIds(local, session, () => 0);
    const before = ids?.touch();
    local.clear();
    const after = ids?.touch();
    expect(after?.started).toBe(true);
    expect(after?.sessionId).not.toBe(before?.sessionId);
  });

  it('gives up when storage is blocked', () => {
    expect(createSessionIds(new BlockedStorage(), new MemoryStorage(), () => 0)).toBeNull();
    expect(createSessionIds(new MemoryStorage(), new BlockedStorage(), () => 0)).toBeNull();
  });

  it('makes ids the server accepts', () => {
    for (const prefix of ['v', 's', 'b']) expect(randomId(prefix)).toMatch(new RegExp(`^${prefix}_[0-9a-z]{20}$`));
  });
});
