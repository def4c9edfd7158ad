import fs from 'node:fs';
import type { Plugin } from 'esbuild';

/*
 * Two changes to the bundled copy of @rrweb/record 2.x, each failing the build if rrweb's text changed (a new
 * rrweb), so that they are looked at again rather than silently lost.
 *
 * 1. rrweb lists `querySelector` and `querySelectorAll` among Element's *accessors* when it checks whether
 *    the page left the DOM's prototypes untouched. They are methods, so the check always fails and the first
 *    snapshot builds a hidden iframe to borrow a clean Element prototype: a new browsing context, tens of
 *    milliseconds inside the snapshot's task on every page load. rrweb's own fix (pull request 1802, not yet
 *    released) moves them to the methods; this applies it. A page that does patch these methods is still
 *    detected, as the methods' check reads them.
 *
 * 2. The first snapshot runs rrweb's serializer for the first time: its functions are compiled and its inline
 *    caches filled while the whole page is walked, which makes that one task about twice as long as a later
 *    snapshot of the same page. `warmUpSnapshot` exposes the serializer so that the recorder can run it
 *    beforehand, in a task of its own, over a small detached document.
 */
const ACCESSORS = 'Element: ["shadowRoot", "querySelector", "querySelectorAll"],';
const METHODS = 'Element: [],';
const FIXED_ACCESSORS = 'Element: ["shadowRoot"],';
const FIXED_METHODS = 'Element: ["querySelector", "querySelectorAll"],';
const SNAPSHOT = /^function snapshot\(n, options\) \{$/m;
const MIRROR = /^class Mirror \{$/m;
const WARM_UP_EXPORT = `
export function warmUpSnapshot(doc, options) {
  snapshot(doc, { ...options, mirror: new Mirror() });
}
`;

function patch(file: string, source: string): string {
  const accessorsAt = source.indexOf(ACCESSORS);
  const methodsAt = source.indexOf(METHODS, accessorsAt);
  if (accessorsAt < 0 || methodsAt < 0) {
    throw new Error(
      `${file} no longer lists Element's checks as expected: see whether rrweb fixed them and drop this change`,
    );
  }
  if (!SNAPSHOT.test(source) || !MIRROR.test(source)) {
    throw new Error(`${file} no longer has the snapshot function and Mirror class that warmUpSnapshot calls`);
  }
  return (
    source.slice(0, accessorsAt) +
    FIXED_ACCESSORS +
    source.slice(accessorsAt + ACCESSORS.length, methodsAt) +
    FIXED_METHODS +
    source.slice(methodsAt + METHODS.length) +
    WARM_UP_EXPORT
  );
}

/** Applies both changes to @rrweb/record's ES module. */
export function rrwebRecordPatches(): Plugin {
  return {
    name: 'rrweb-record-patches',
    setup(build) {
      build.onLoad({ filter: /[\\/]@rrweb[\\/]record[\\/]dist[\\/]record\.js$/ }, (args) => ({
        contents: patch(args.path, fs.readFileSync(args.path, 'utf8')),
        loader: 'js',
      }));
    },
  };
}
