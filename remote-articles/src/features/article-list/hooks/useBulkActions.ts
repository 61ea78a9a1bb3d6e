// The article list's bulk actions: the selection of the page shown, the actions
// the user's rights offer, the call, and its one summary. The server decides each row; after the
// call the list reloads (rows and totals) and the selection clears.
import { offeredBulkActions, type BulkAction } from 'contracts/rules/bulk-actions';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, loadApiErrorTexts, toast, useSession, errorMessage } from 'shared';
import { bulkArticles } from '../api/articlesApi';
import { LIST_PREFIX, NS } from '../i18n';
import { summarize, type BulkSummary } from '../model/bulkSummary';
import type { ArticleFilter } from '../model/filterModel';
import {
  emptySelection,
  forPage,
  headerState,
  isSelected,
  pageScope,
  selectedOnPage,
  toggleAllOnPage,
  toggleRow,
  type HeaderState,
  type Selection,
} from '../model/selection';

export interface BulkActionsState {
  /** The selected ids of the page shown, in page order. */
  selectedIds: number[];
  header: HeaderState;
  isSelected(id: number): boolean;
  toggleRow(id: number, checked: boolean): void;
  toggleAll(checked: boolean): void;
  clear(): void;
  /** The actions the user's rights offer (the server still decides each row). */
  offered: BulkAction[];
  /** The action being sent, if any. */
  running: BulkAction | null;
  run(action: BulkAction): void;
  summary: BulkSummary | null;
  dismissSummary(): void;
}

/** The summary's first line: the action, then how many were done, already so, and refused. */
export function useSummaryLine(): (summary: BulkSummary) => string {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  return useCallback(
    (summary: BulkSummary) => {
      const parts = [t('bulk.done', { count: summary.done.length })];
      if (summary.unchanged.length > 0) parts.push(t('bulk.unchanged', { count: summary.unchanged.length }));
      if (summary.refusedCount > 0) parts.push(t('bulk.refused', { count: summary.refusedCount }));
      return t('bulk.summary', { action: t(`bulk.actions.${summary.action}`), outcome: parts.join(', ') });
    },
    [t],
  );
}

export function useBulkActions(filter: ArticleFilter, items: readonly { id: number }[], reload: () => void): BulkActionsState {
  const pageIds = useMemo(() => items.map((item) => item.id), [items]);
  const scope = pageScope(filter);
  const [stored, setStored] = useState<Selection>(() => emptySelection(scope));
  // Another page or filter starts empty; rows gone after a reload drop out.
  const selection = forPage(stored, scope, pageIds);
  const [running, setRunning] = useState<BulkAction | null>(null);
  const runningRef = useRef(false);
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const permissions = useSession((state) => state.permissions);
  const offered = useMemo(() => offeredBulkActions(permissions), [permissions]);
  const summaryLine = useSummaryLine();

  const update = useCallback(
    (change: (current: Selection) => Selection) => setStored((prev) => change(forPage(prev, scope, pageIds))),
    [scope, pageIds],
  );

  const run = useCallback(
    (action: BulkAction) => {
      const ids = selectedOnPage(selection, pageIds);
      if (ids.length === 0 || runningRef.current) return;
      runningRef.current = true;
      setRunning(action);
      // The summary names each refusal by its code: the error catalogue's texts load alongside.
      Promise.all([bulkArticles(ids, action), loadApiErrorTexts().catch(() => undefined)])
        .then(
          ([response]) => {
            const result = summarize(response);
            setSummary(result);
            const line = summaryLine(result);
            if (result.kind === 'success') toast.success(line);
            else if (result.kind === 'warning') toast.warning(line);
            else toast.error(line);
            setStored(emptySelection(scope));
            reload();
          },
          (error: unknown) => {
            // A 401 ends the session (the shell shows the login page): no toast. The selection stays for another try.
            if (!(isApiError(error) && error.status === 401)) toast.error(errorMessage(error));
          },
        )
        .finally(() => {
          runningRef.current = false;
          setRunning(null);
        });
    },
    [selection, pageIds, scope, reload, summaryLine],
  );

  return {
    selectedIds: selectedOnPage(selection, pageIds),
    header: headerState(selection, pageIds),
    isSelected: (id) => isSelected(selection, id),
    toggleRow: (id, checked) => update((current) => toggleRow(current, id, checked)),
    toggleAll: (checked) => update((current) => toggleAllOnPage(current, pageIds, checked)),
    clear: () => setStored(emptySelection(scope)),
    offered,
    running,
    run,
    summary,
    dismissSummary: () => setSummary(null),
  };
}
