import { TRUNCATION } from '../api/event-catalogue.ts';
import { LIMITS } from './contract.ts';
import { clip } from './text.ts';

const INTERACTIVE =
  'a,button,input,select,textarea,label,summary,[role=button],[role=link],[role=menuitem],[role=tab],[onclick]';
const PATH_DEPTH = 5;

/** The element a click was meant for: the nearest interactive ancestor of what was hit, or that. */
export function clickTarget(target: EventTarget | null): Element | null {
  const element = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
  return element ? (element.closest(INTERACTIVE) ?? element) : null;
}

function part(element: Element): string {
  const tag = element.tagName.toLowerCase();
  if (element.id) return `${tag}#${element.id}`;
  const classes = (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).slice(0, 2);
  return tag + classes.map((name) => `.${name}`).join('');
}

/** A short CSS-selector-like path: up to 5 levels, stopping at an element with an id. */
export function selectorPath(element: Element): string {
  const parts: string[] = [];
  for (let current: Element | null = element; current && parts.length < PATH_DEPTH; current = current.parentElement) {
    parts.unshift(part(current));
    if (current.id || current.tagName === 'BODY') break;
  }
  return clip(parts.join(' > '), LIMITS.selector);
}

/** What the element says: its label or text, never what was typed into a field. */
export function elementText(element: Element): string {
  const tag = element.tagName;
  if (tag === 'INPUT') {
    const input = element as HTMLInputElement;
    return /^(button|submit|reset)$/i.test(input.type) ? clip(input.value, TRUNCATION.elementText) : '';
  }
  if (tag === 'TEXTAREA' || tag === 'SELECT') return '';
  const text = element.getAttribute('aria-label') ?? element.textContent ?? '';
  return clip(text.replace(/\s+/g, ' ').trim(), TRUNCATION.elementText);
}
