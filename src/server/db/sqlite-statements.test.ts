import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statements.ts';

describe('SQLite statements with cached, fast rows', () => {
  let plain: SQLite.Database;
  let cached: ReturnType<typeof withStatementCache>;
  const rowsOf = (source: string, parameters: unknown[] = []) => cached.prepare(source).all(parameters);
  const expected = (source: string, parameters: unknown[] = []) => plain.prepare(source).all(...parameters);

  beforeEach(() => {
    plain = new SQLite(':memory:');
    plain.exec(`create table t (id integer primary key, name text, score real, data blob, note text);
      insert into t values (1, 'ann', 1.5, x'00ff', null), (2, 'bob', null, null, 'hi "there"');`);
    cached = withStatementCache(plain);
  });
  afterEach(() => plain.close());

  it('returns the rows the driver returns, in every type, with and without parameters', () => {
    for (const [source, parameters] of [
      ['select * from t order by id', []],
      ['select name, score * 2 as "double score", data from t where id = ?', [2]],
      ['select count(*) as n, max(score) from t', []],
      ['select * from t where id > ?', [5]],
    ] as const) {
      const rows = rowsOf(source, [...parameters]);
      expect(rows).toEqual(expected(source, [...parameters]));
      expect(rows.map((row) => Object.keys(row as object))).toEqual(
        expected(source, [...parameters]).map((row) => Object.keys(row as object)),
      );
    }
  });

  it('keeps the last of duplicate names and treats __proto__ as a plain column', () => {
    const duplicates = 'select a.name, b.name from t a join t b on b.id = a.id + 1';
    expect(rowsOf(duplicates)).toEqual(expected(duplicates));
    expect(rowsOf(duplicates)).toEqual([{ name: 'bob' }]);

    // A name a literal cannot hold as a plain key: the driver builds those rows itself.
    const proto = 'select id as "__proto__", name from t where id = 1';
    const [row] = rowsOf(proto) as object[];
    const [driverRow] = expected(proto) as object[];
    expect(row).toEqual(driverRow);
    expect(Object.getPrototypeOf(row)).toBe(Object.getPrototypeOf(driverRow));
  });

  it('streams the same rows and runs writers as before', () => {
    const statement = cached.prepare('select id, name from t order by id');
    expect([...statement.iterate([])]).toEqual(expected('select id, name from t order by id'));
    const result = cached.prepare('insert into t (name) values (?)').run(['cy']);
    expect(result.changes).toBe(1);
    expect(rowsOf('select name from t where id = ?', [result.lastInsertRowid])).toEqual([{ name: 'cy' }]);
  });

  it('sees a column added by this connection or by another one under select *', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-statements-'));
    const file = path.join(dir, 'schema.db');
    const own = new SQLite(file);
    own.exec("create table t (id integer primary key, name text); insert into t values (1, 'ann');");
    const statements = withStatementCache(own);
    const source = 'select * from t';
    try {
      expect(statements.prepare(source).all([])).toEqual([{ id: 1, name: 'ann' }]);

      statements.prepare('alter table t add column extra text').run([]);
      expect(statements.prepare(source).all([])).toEqual([{ id: 1, name: 'ann', extra: null }]);

      const other = new SQLite(file);
      other.exec('alter table t add column more integer default 7');
      other.close();
      expect(statements.prepare(source).all([])).toEqual([{ id: 1, name: 'ann', extra: null, more: 7 }]);
    } finally {
      own.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
