import * as rrwebRecord from '@rrweb/record';
import type { snapshotOptions } from './start-recording.ts';

type WarmUpSnapshot = (doc: Document, options: object) => void;

// The kinds of nodes most pages are made of, a few hundred of them in all: enough for the serializer's
// functions to be compiled and to learn the shapes they meet, small enough to take a few milliseconds.
const SECTION =
  '<section class="card" id="s"><h2>Title <em>here</em></h2><p>Some text with <a href="/a?b=c">a link</a> and ' +
  '<strong>bold</strong> words.</p><ul><li>One</li><li class="x">Two</li><li>Three</li></ul>' +
  '<form><label>Name <input type="text" name="n" value="v"></label><input type="password" value="p">' +
  '<input type="checkbox" checked><select><option selected>A</option><option>B</option></select>' +
  '<textarea>t</textarea><button type="button" aria-label="Go">Go</button></form>' +
  '<div><span>1</span><span>2</span><img alt="" src="data:,"><svg viewBox="0 0 1 1"><path d="M0 0"></path></svg></div>' +
  '<!-- note --></section>';
const MARKUP = `<style>.card{padding:4px}</style><main>${SECTION.repeat(12)}</main>`;

/**
 * Runs rrweb's serializer once over a small detached document made for it (never shown, no script runs in
 * it), with the page's own options, so that the page's first snapshot, in a task of its own afterwards,
 * runs optimised code. The bundle adds the serializer's entry point (scripts/rrweb-record-patches.ts);
 * without it this does nothing and says so.
 */
export function warmUpSnapshot(win: Window, options: ReturnType<typeof snapshotOptions>): boolean {
  const warmUp = (rrwebRecord as unknown as { warmUpSnapshot?: WarmUpSnapshot }).warmUpSnapshot;
  if (typeof warmUp !== 'function') return false;
  const doc = win.document.implementation.createHTMLDocument('');
  doc.body.innerHTML = MARKUP;
  const { slimDOMOptions, ...rest } = options;
  warmUp(doc, { ...rest, slimDOM: slimDOMOptions });
  return true;
}
