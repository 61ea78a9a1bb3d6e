// Runs the searches the title search model asks for, one at a time: a new one aborts the one before
// (and the model ignores any late answer of it). A failure shows its message once, as an error toast
// (spec section 8), in the user's language (the client translates the server's code).
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, toast } from 'shared';
import axios from 'axios';
import { runSearch } from '../api/searchApi';
import {
  changeLimit,
  changePage,
  changeSort,
  fail,
  initialSearchState,
  receive,
  startSearch,
  type SearchKind,
  type SearchPageSize,
  type SearchSort,
  type Step,
  type TitleSearchState,
} from '../model/titleSearchModel';

export interface TitleSearch {
  state: TitleSearchState;
  search(kind: SearchKind, text: string): void;
  setLimit(limit: SearchPageSize): void;
  sortBy(column: SearchSort): void;
  goToPage(page: number): void;
}

export function useTitleSearch(): TitleSearch {
  const [state, setState] = useState(initialSearchState);
  // The model's state as of the last step (steps are computed from it, not from a stale render).
  const current = useRef(state);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const apply = useCallback((step: (s: TitleSearchState) => Step) => {
    const { state: next, request } = step(current.current);
    // A new request, or none running any more (cleared): stop the earlier one.
    if (request || !next.running) {
      controller.current?.abort();
      controller.current = null;
    }
    current.current = next;
    setState(next);
    if (!request) return;
    const abort = new AbortController();
    controller.current = abort;
    runSearch(request, abort.signal).then(
      (answer) => {
        current.current = receive(current.current, request.id, answer.items, answer.total);
        setState(current.current);
      },
      (error: unknown) => {
        if (axios.isCancel(error) || abort.signal.aborted) return;
        const message = error instanceof Error && error.message ? error.message : String(error);
        const before = current.current;
        current.current = fail(before, request.id, message);
        if (current.current === before) return;
        setState(current.current);
        if (!(isApiError(error) && error.status === 401)) toast.error(message);
      },
    );
  }, []);

  return {
    state,
    search: useCallback((kind, text) => apply((s) => startSearch(s, kind, text)), [apply]),
    setLimit: useCallback((limit) => apply((s) => changeLimit(s, limit)), [apply]),
    sortBy: useCallback((column) => apply((s) => changeSort(s, column)), [apply]),
    goToPage: useCallback((page) => apply((s) => changePage(s, page)), [apply]),
  };
}
