import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';

function readStored(key: string): GridColumnVisibilityModel {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  } catch {
    // Storage can be disabled or hold something unreadable; the grid then shows every column.
    return {};
  }
}

/** Which columns are shown, remembered in this browser under `key` (read again when the key changes). */
export function useStoredColumnVisibility(key: string) {
  const [stored, setStored] = useState(() => ({ key, model: readStored(key) }));
  if (stored.key !== key) setStored({ key, model: readStored(key) });
  const change = useCallback(
    (next: GridColumnVisibilityModel) => {
      setStored({ key, model: next });
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Full or disabled storage: the choice still holds until the page is left.
      }
    },
    [key],
  );
  return [stored.key === key ? stored.model : readStored(key), change] as const;
}
