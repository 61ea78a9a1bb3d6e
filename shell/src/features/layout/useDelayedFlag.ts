import { useEffect, useState } from 'react';

/**
 * `value`, but turning true only once it has stayed true for `delayMs` (turning false at once):
 * a request that answers within the delay never flashes the loading overlay over the page.
 */
export function useDelayedFlag(value: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!value) {
      setShown(false);
      return undefined;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return value && shown;
}
