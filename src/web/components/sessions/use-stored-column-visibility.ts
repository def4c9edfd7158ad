import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getSessionColumnsOptions, setSessionColumnsMutation } from '../../../api/client/@tanstack/react-query.gen.ts';
import type { GetSessionColumnsResponse } from '../../../api/client/types.gen.ts';

/** This browser's copy of the choice, or null when it has none. */
function readStored(key: string): GridColumnVisibilityModel | null {
  try {
    const text = window.localStorage.getItem(key);
    if (text === null) return null;
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  } catch {
    // Storage can be disabled or hold something unreadable; the grid then shows every column.
    return null;
  }
}

const EVERY_COLUMN: GridColumnVisibilityModel = {};

function writeStored(key: string, model: GridColumnVisibilityModel): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(model));
  } catch {
    // Full or disabled storage: the saved choice still holds.
  }
}

/** How long the saved choice is waited for before this browser's copy of it is shown instead. */
const COPY_AFTER_MS = 1_000;

/** The saved choice as the sessions list asks for it, so a route loader can ask for it first. */
export const sessionColumnsQueryOptions = () => ({ ...getSessionColumnsOptions(), staleTime: 5 * 60_000 });

/**
 * Which columns are shown: the person's choice as the server keeps it, so it follows them to any browser.
 * This browser keeps a copy under `key` (one per person), used when the saved choice cannot be had or is
 * slow to come; a change goes to both at once. The third value says whether the choice is known yet: the
 * saved one is waited for (it is asked for with the rows), up to a second when there is a copy, so the rows
 * are not shown under one set of columns and then moved under another when the copy is out of date.
 */
export function useStoredColumnVisibility(key: string) {
  const queryClient = useQueryClient();
  const options = sessionColumnsQueryOptions();
  const saved = useQuery(options);
  // Changes are sent one after another, so the last one made is the one kept.
  const { mutate } = useMutation({ ...setSessionColumnsMutation(), scope: { id: 'session-columns' } });
  const stored = useMemo(() => readStored(key), [key]);
  const savedColumns = saved.data?.columns;
  useEffect(() => {
    if (savedColumns) writeStored(key, savedColumns);
  }, [key, savedColumns]);
  const queryKey = options.queryKey;
  const change = useCallback(
    (next: GridColumnVisibilityModel) => {
      writeStored(key, next);
      queryClient.setQueryData<GetSessionColumnsResponse>(queryKey, (previous) => ({
        columns: next,
        updated_at: previous?.updated_at ?? null,
      }));
      mutate({ body: { columns: next } });
    },
    [key, queryClient, queryKey, mutate],
  );
  const [copyDue, setCopyDue] = useState(false);
  useEffect(() => {
    if (stored === null) return;
    const timer = window.setTimeout(() => setCopyDue(true), COPY_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [stored]);
  const known =
    savedColumns !== undefined || saved.isError || saved.fetchStatus === 'paused' || (stored !== null && copyDue);
  // A change is set as the saved choice at once (and stays so if it cannot be sent).
  return [savedColumns ?? stored ?? EVERY_COLUMN, change, known] as const;
}
