import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRecorder } from './build-tracker.ts';
import { rrwebRecordPatches } from './rrweb-record-patches.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rrweb-patches-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function failsOn(source: string): Promise<unknown> {
  const file = path.join(dir, `case-${Math.random().toString(36).slice(2)}/node_modules/@rrweb/record/dist/record.js`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, source);
  return build({
    entryPoints: [file],
    bundle: true,
    write: false,
    logLevel: 'silent',
    plugins: [rrwebRecordPatches()],
  });
}

describe('rrwebRecordPatches', () => {
  it("checks Element's querySelector methods as methods in the built recorder", async () => {
    const recorder = await buildRecorder();
    expect(recorder).toContain('Element:["shadowRoot"]');
    expect(recorder).toContain('Element:["querySelector","querySelectorAll"]');
    expect(recorder).not.toContain('"shadowRoot","querySelector"');
  });

  it("runs rrweb's serializer over the warm-up document in the bundle, and does nothing without the patch", async () => {
    const entry = path.join(dir, 'warm-up-entry.ts');
    const warmUpModule = path.resolve('src/tracker/recorder/warm-up.ts');
    const startModule = path.resolve('src/tracker/recorder/start-recording.ts');
    fs.writeFileSync(
      entry,
      `import { warmUpSnapshot } from ${JSON.stringify(warmUpModule)};
       import { snapshotOptions } from ${JSON.stringify(startModule)};
       const settings = { mask_all_inputs: true, mask_all_text: false, mask_selectors: [], block_selectors: [], strip_query_params: [] };
       export const ran = (win) => warmUpSnapshot(win, snapshotOptions(win.document, settings));`,
    );
    // Each bundle runs inside a page of its own, as r.js does.
    const runInPage = async (plugins: ReturnType<typeof rrwebRecordPatches>[]) => {
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        format: 'iife',
        globalName: 'warmUpTest',
        write: false,
        plugins,
      });
      const dom = new JSDOM('<!doctype html><p>The page</p>', { runScripts: 'outside-only' });
      dom.window.eval(result.outputFiles[0]?.text ?? '');
      const ran = (dom.window as unknown as { warmUpTest: { ran: (win: Window) => boolean } }).warmUpTest.ran(
        dom.window as unknown as Window,
      );
      return { ran, body: dom.window.document.body.innerHTML };
    };
    const patched = await runInPage([rrwebRecordPatches()]);
    expect(patched.ran).toBe(true);
    // The page itself is left as it was: the warm-up document is detached.
    expect(patched.body).toBe('<p>The page</p>');
    expect((await runInPage([])).ran).toBe(false);
  });

  it('fails the build when rrweb no longer has the text it changes', async () => {
    await expect(failsOn('export const testableAccessors = { Element: ["shadowRoot"] };')).rejects.toThrow(
      /no longer lists Element's checks/,
    );
    await expect(
      failsOn(
        'const a = { Element: ["shadowRoot", "querySelector", "querySelectorAll"], };\nconst b = { Element: [], };\nexport { a, b };',
      ),
    ).rejects.toThrow(/no longer has the snapshot function/);
  });
});
