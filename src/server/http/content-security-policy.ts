/**
 * The Content-Security-Policy of each kind of response, as named directive sets. A page that needs
 * more (a session replayer showing recorded pages in a sandboxed frame, say) extends one of these with
 * `extendPolicy` for its own routes rather than loosening them for everyone.
 */
export type CspDirectives = Readonly<Record<string, readonly string[]>>;

const NONE = ["'none'"];
const SELF = ["'self'"];

/** JSON and everything else that is not a page: nothing may load, nothing may frame it. */
export const API_POLICY: CspDirectives = {
  'default-src': NONE,
  'frame-ancestors': NONE,
};

/**
 * The dashboard: its own scripts only (the built index.html has no inline script). Styles need
 * 'unsafe-inline': MUI's emotion injects <style> elements at run time and components set style
 * attributes, which nonces cannot cover.
 */
const DASHBOARD_BASE: CspDirectives = {
  'default-src': NONE,
  'script-src': SELF,
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': SELF,
  'manifest-src': SELF,
  'base-uri': NONE,
  'form-action': SELF,
  'frame-ancestors': NONE,
};

/**
 * What the session replayer needs. It rebuilds recorded pages inside a sandboxed, script-less frame
 * of this document, which inherits this policy: the recorded sites' images, fonts, media and the
 * stylesheets rrweb could not inline load from their own https origins. Nothing is added to
 * script-src: recorded scripts never run.
 */
const REPLAY_ALLOWANCES: CspDirectives = {
  'style-src': ['https:'],
  'img-src': ['https:', 'blob:'],
  'font-src': ['https:'],
  'media-src': ['https:', 'blob:', 'data:'],
  'frame-src': SELF,
};

/** The dashboard is one document for every page (client-side routing), so it carries the replayer's needs. */
export const DASHBOARD_POLICY: CspDirectives = extendPolicy(DASHBOARD_BASE, REPLAY_ALLOWANCES);

/** Swagger UI at /docs: its own scripts, inline styles and data: icons; "Try it out" calls this origin. */
export const DOCS_POLICY: CspDirectives = {
  'default-src': NONE,
  'script-src': SELF,
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': SELF,
  'base-uri': NONE,
  'form-action': SELF,
  'frame-ancestors': NONE,
};

/** A policy with more sources added to some directives (or new directives). */
export function extendPolicy(base: CspDirectives, extra: CspDirectives): CspDirectives {
  const merged: Record<string, readonly string[]> = { ...base };
  for (const [name, sources] of Object.entries(extra)) {
    merged[name] = [...new Set([...(base[name] ?? []).filter((source) => source !== "'none'"), ...sources])];
  }
  return merged;
}
