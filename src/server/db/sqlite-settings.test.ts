import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

describe('a SQLite database file as opened by the server', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function settingsOf(options: { sqliteCacheMb?: number }) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-settings-'));
    dirs.push(dir);
    const handle = openDatabase(path.join(dir, 'app.db'), options);
    try {
      const read = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object)[0] as unknown;
      return {
        cacheSize: await read('cache_size'),
        mmapSize: await read('mmap_size'),
        journalMode: await read('journal_mode'),
      };
    } finally {
      await handle.close();
    }
  }

  it('keeps a page cache of the configured megabytes (a gigabyte by default) and maps the file', async () => {
    expect(await settingsOf({})).toEqual({ cacheSize: -1024 * 1024, mmapSize: 0x7fff0000, journalMode: 'wal' });
    expect((await settingsOf({ sqliteCacheMb: 64 })).cacheSize).toBe(-64 * 1024);
  });
});
