import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { buildRecorder } from './build-tracker.ts';
import { rrwebUntaintedElementFix } from './rrweb-untainted-fix.ts';

describe('rrwebUntaintedElementFix', () => {
  it("checks Element's querySelector methods as methods in the built recorder", async () => {
    const recorder = await buildRecorder();
    expect(recorder).toContain('Element:["shadowRoot"]');
    expect(recorder).toContain('Element:["querySelector","querySelectorAll"]');
    expect(recorder).not.toContain('"shadowRoot","querySelector"');
  });

  it('fails the build when rrweb no longer has the text it fixes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rrweb-fix-'));
    const file = path.join(dir, 'node_modules/@rrweb/record/dist/record.js');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'export const testableAccessors = { Element: ["shadowRoot"] };');
    await expect(
      build({
        entryPoints: [file],
        bundle: true,
        write: false,
        logLevel: 'silent',
        plugins: [rrwebUntaintedElementFix()],
      }),
    ).rejects.toThrow(/no longer lists Element's checks/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
