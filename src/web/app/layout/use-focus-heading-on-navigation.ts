import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const ATTEMPTS = 20;

/**
 * When the page changes (not its filters), focus moves to the new page's main heading, as a screen reader
 * or keyboard user expects after following a link; the first load leaves focus where the browser puts it.
 */
export function useFocusHeadingOnNavigation(mainId: string) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    let frame = 0;
    let attempts = 0;
    // The page's heading may render a moment later (its code or first data still arriving).
    const focusHeading = () => {
      const heading = document.getElementById(mainId)?.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      } else if ((attempts += 1) < ATTEMPTS) {
        frame = requestAnimationFrame(focusHeading);
      }
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname, mainId]);
}
