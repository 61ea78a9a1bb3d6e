// One page of an article's revisions, loaded again when the page, the open version or a retry
// changes; the versions of every revision seen so far (the compare bar names a chosen pair by them).
import { useEffect, useState } from 'react';
import { errorMessage, isCancelledRequest } from 'shared';
import { fetchRevisions, type RevisionPage } from '../api/historyApi';

export const HISTORY_PAGE_SIZE = 10;

export interface RevisionPageState {
  status: 'loading' | 'ready' | 'error';
  data: RevisionPage | null;
  error: string | null;
}

export function useRevisionPage(articleId: number, page: number, version: number, attempt: number) {
  const [state, setState] = useState<RevisionPageState>({ status: 'loading', data: null, error: null });
  const [versions, setVersions] = useState<Record<number, number>>({});
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, status: 'loading', error: null }));
    fetchRevisions(articleId, { limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE }, controller.signal).then(
      (data) => {
        setState({ status: 'ready', data, error: null });
        setVersions((known) => ({ ...known, ...Object.fromEntries(data.items.map((item) => [item.id, item.version])) }));
      },
      (error: unknown) => {
        if (isCancelledRequest(error)) return;
        setState({ status: 'error', data: null, error: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [articleId, page, attempt, version]);
  return { state, versions };
}
