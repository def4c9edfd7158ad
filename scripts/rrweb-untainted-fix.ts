import fs from 'node:fs';
import type { Plugin } from 'esbuild';

/*
 * @rrweb/record 2.x lists `querySelector` and `querySelectorAll` among Element's *accessors* when it checks
 * whether the page left the DOM's prototypes untouched. They are methods, so the check always fails and
 * the first snapshot builds a hidden iframe to borrow a clean Element prototype: a new browsing context,
 * tens of milliseconds inside the snapshot's task on every page load. rrweb's own fix (pull request 1802,
 * not yet released) moves them to the methods; this applies it to the bundled copy. A page that does
 * patch these methods is still detected, as the methods' check reads them.
 */
const ACCESSORS = 'Element: ["shadowRoot", "querySelector", "querySelectorAll"],';
const METHODS = 'Element: [],';
const FIXED_ACCESSORS = 'Element: ["shadowRoot"],';
const FIXED_METHODS = 'Element: ["querySelector", "querySelectorAll"],';

/** Applies the fix to @rrweb/record's ES module; fails the build if its text changed (a new rrweb). */
export function rrwebUntaintedElementFix(): Plugin {
  return {
    name: 'rrweb-untainted-element-fix',
    setup(build) {
      build.onLoad({ filter: /[\\/]@rrweb[\\/]record[\\/]dist[\\/]record\.js$/ }, (args) => {
        const source = fs.readFileSync(args.path, 'utf8');
        const accessorsAt = source.indexOf(ACCESSORS);
        const methodsAt = source.indexOf(METHODS, accessorsAt);
        if (accessorsAt < 0 || methodsAt < 0) {
          throw new Error(
            `${args.path} no longer lists Element's checks as expected: see whether rrweb fixed them and drop this plugin`,
          );
        }
        const fixed =
          source.slice(0, accessorsAt) +
          FIXED_ACCESSORS +
          source.slice(accessorsAt + ACCESSORS.length, methodsAt) +
          FIXED_METHODS +
          source.slice(methodsAt + METHODS.length);
        return { contents: fixed, loader: 'js' };
      });
    },
  };
}
