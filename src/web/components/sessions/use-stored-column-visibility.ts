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

/** Which columns are shown, remembered in this browser under `key`. */
export function useStoredColumnVisibility(key: string) {
  const [model, setModel] = useState(() => readStored(key));
  const change = useCallback(
    (next: GridColumnVisibilityModel) => {
      setModel(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Full or disabled storage: the choice still holds until the page is left.
      }
    },
    [key],
  );
  return [model, change] as const;
}
