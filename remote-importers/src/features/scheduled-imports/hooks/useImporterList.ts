import { useCallback } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import type { ImporterListData } from '../api/loaders';

export interface ImporterListState extends ImporterListData {
  refresh(): void;
  busy: boolean;
}

/** The list the route loader fetched, and a reload (the refresh icon; later: after enable/disable/delete). */
export function useImporterList(): ImporterListState {
  const data = useLoaderData() as ImporterListData;
  const revalidator = useRevalidator();
  const refresh = useCallback(() => {
    void revalidator.revalidate();
  }, [revalidator]);
  return { ...data, refresh, busy: revalidator.state === 'loading' };
}
