import { useEffect } from 'react';

export const PRODUCT_NAME = 'Session Analytics';

/**
 * Names the browser's tab (and its history entries) after the page: "Alerts – Session Analytics", so that
 * several open tabs can be told apart. Null names the product alone.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} – ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
