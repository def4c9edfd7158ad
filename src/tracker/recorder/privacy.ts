import { BLOCK_ATTRIBUTE, MASK_ATTRIBUTE } from '../../api/recording-limits.ts';

/** The website's recording settings, as GET /v1/ingest/config gives them. */
export interface RecorderSettings {
  mask_all_inputs: boolean;
  mask_all_text: boolean;
  mask_selectors: string[];
  block_selectors: string[];
  strip_query_params: string[];
}

/** A selector list the browser accepts, dropping any one it would throw on. */
function validSelectors(doc: Document, selectors: readonly string[]): string[] {
  return selectors.filter((selector) => {
    try {
      doc.createDocumentFragment().querySelector(selector);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * rrweb's privacy options from the settings. Every input type is routed through `maskInputFn`, which
 * masks when the website masks all inputs, for password fields always, and inside masked elements.
 */
export function privacyOptions(doc: Document, settings: RecorderSettings) {
  const maskText = settings.mask_all_text
    ? '*'
    : [`[${MASK_ATTRIBUTE}]`, ...validSelectors(doc, settings.mask_selectors)].join(',');
  const maskInputs = [`[${MASK_ATTRIBUTE}]`, ...validSelectors(doc, settings.mask_selectors)].join(',');
  const block = [`[${BLOCK_ATTRIBUTE}]`, ...validSelectors(doc, settings.block_selectors)].join(',');
  return {
    maskAllInputs: true,
    maskTextSelector: maskText,
    blockSelector: block,
    maskInputFn: (text: string, element: HTMLElement) => {
      // rrweb marks a password field so it stays one when a "show password" button turns it into text.
      const isPassword =
        element instanceof HTMLInputElement &&
        (element.type === 'password' || element.hasAttribute('data-rr-is-password'));
      if (settings.mask_all_inputs || isPassword || element.closest(maskInputs)) return '*'.repeat(text.length);
      return text;
    },
  };
}

/** `url` without the listed query parameters (case-insensitive); other text is returned as it is. */
export function stripQueryParams(url: string, params: readonly string[]): string {
  if (params.length === 0 || !url.includes('?')) return url;
  try {
    const parsed = new URL(url);
    const doomed = new Set(params.map((param) => param.toLowerCase()));
    for (const name of [...parsed.searchParams.keys()])
      if (doomed.has(name.toLowerCase())) parsed.searchParams.delete(name);
    return parsed.href;
  } catch {
    return url;
  }
}

const URL_ATTRIBUTES = ['href', 'src', 'action'];

interface SerializedNode {
  attributes?: Record<string, unknown>;
  childNodes?: SerializedNode[];
}

/** Strips the parameters from URL attributes of a serialized snapshot tree, in place. */
export function stripTreeUrls(node: SerializedNode, params: readonly string[]): void {
  const attributes = node.attributes;
  if (attributes) {
    for (const name of URL_ATTRIBUTES) {
      const value = attributes[name];
      if (typeof value === 'string') attributes[name] = stripQueryParams(value, params);
    }
  }
  for (const child of node.childNodes ?? []) stripTreeUrls(child, params);
}
