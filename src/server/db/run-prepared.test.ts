import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { valuesUnseenByPlanner } from './run-prepared.ts';

describe('valuesUnseenByPlanner', () => {
  it('writes each parameter as +? and leaves quoted text and names alone', () => {
    expect(valuesUnseenByPlanner(`select ? as a, '?' as "b?", 'it''s ?' from t where c >= ? and d < ?`)).toBe(
      `select +? as a, '?' as "b?", 'it''s ?' from t where c >= +? and d < +?`,
    );
    expect(valuesUnseenByPlanner('select 1')).toBe('select 1');
  });

  it('keeps the index range and the rows of a text compared with a parameter', () => {
    const db = new Database(':memory:');
    db.exec('create table t (k text primary key, v integer) without rowid');
    const insert = db.prepare('insert into t values (?, ?)');
    for (const [k, v] of [
      ['ann', 1],
      ['anna', 2],
      ['bob', 3],
    ] as const) {
      insert.run(k, v);
    }
    const text = 'select k, v from t where k >= ? and k < ? order by k';
    const unseen = valuesUnseenByPlanner(text);
    const plan = (statement: string) =>
      (db.prepare(`explain query plan ${statement}`).all('an', 'ao') as { detail: string }[]).map((row) => row.detail);
    expect(plan(unseen)).toEqual(plan(text));
    expect(plan(unseen).join()).toContain('PRIMARY KEY (k>? AND k<?)');
    expect(db.prepare(unseen).all('an', 'ao')).toEqual(db.prepare(text).all('an', 'ao'));
    expect(db.prepare(unseen).all('an', 'ao')).toEqual([
      { k: 'ann', v: 1 },
      { k: 'anna', v: 2 },
    ]);
    db.close();
  });
});
