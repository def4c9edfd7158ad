import { useEffect, useState } from 'react';

/** The current time in milliseconds, updated every `intervalMs`, so relative times ("5 minutes ago") stay true. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
