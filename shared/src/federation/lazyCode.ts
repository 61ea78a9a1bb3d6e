// Code loaded on demand, shown without React.lazy/Suspense: React holds a Suspense boundary's
// content back until 300 ms after the most recent fallback appeared anywhere on the page, so a
// lazy part (and any screen navigated to meanwhile) would show no sooner than that even with its
// code long there. A state update shows it as soon as the code is.
import { useEffect, useState } from 'react';

export interface LazyCode<T> {
  /** The code once loaded, else null. */
  loaded(): T | null;
  /** Loads it (once; again after a failure). */
  load(): Promise<T>;
}

export function lazyCode<T>(importCode: () => Promise<T>): LazyCode<T> {
  let code: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    loaded: () => code,
    load() {
      if (!loading) {
        const attempt = importCode().then((value) => (code = value));
        attempt.catch(() => {
          if (loading === attempt) loading = null;
        });
        loading = attempt;
      }
      return loading;
    },
  };
}

/** The code, or null while it loads; a failed load goes to the error boundary, as a lazy component's would. */
export function useLazyCode<T>(code: LazyCode<T>): T | null {
  const [value, setValue] = useState<T | null>(() => code.loaded());
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (value) return undefined;
    let active = true;
    code.load().then(
      (loaded) => active && setValue(() => loaded),
      (error: unknown) => active && setFailure({ error }),
    );
    return () => {
      active = false;
    };
  }, [code, value]);
  if (failure) throw failure.error;
  return value;
}
