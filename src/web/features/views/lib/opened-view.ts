const OPENED_KEY = 'saved-views.opened';

/**
 * Remembers, for this tab, the saved view last opened from the navigation: once its filters are changed
 * on the list, that view can take the new ones ("Update view").
 */
export function rememberOpenedView(id: string): void {
  try {
    window.sessionStorage.setItem(OPENED_KEY, id);
  } catch {
    // Storage may be disabled: the list then offers only "Save view".
  }
}

/** The id of the saved view last opened from the navigation in this tab, if any. */
export function openedViewId(): string | null {
  try {
    return window.sessionStorage.getItem(OPENED_KEY);
  } catch {
    return null;
  }
}
