// Runs the row actions of the article list: calls the API, reloads the list after a change and
// shows errors as error toasts (the server's message). A request already running for the same
// article and action is not sent again (spec section 5).
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, toast, useRight, useSession } from 'shared';
import { deleteArticle, restoreArticle, submitArticle, updateArticleField } from '../api/articlesApi';
import { LIST_PREFIX, NS } from '../i18n';
import type { FieldUpdate, RowRights } from '../model/rowActions';
import { stateName } from 'contracts/rules/article-state';

/** The signed-in user's rights that decide the row actions, and the user id (own drafts). */
export function useRowRights(): { rights: RowRights; userId: number | null } {
  const rights: RowRights = {
    approve_article: useRight('approve_article'),
    set_access: useRight('set_access'),
    feature_article: useRight('feature_article'),
    edit_all_articles: useRight('edit_all_articles'),
  };
  const userId = useSession((state) => state.user?.id ?? null);
  return { rights, userId };
}

export interface RowActionRunner {
  update(id: number, update: FieldUpdate): void;
  submit(id: number): void;
  remove(id: number): void;
  /** A trashed article back out of the trash; the toast names the state the server says it is in now. */
  restore(id: number): void;
  /** An action of this article is running. */
  isBusy(id: number): boolean;
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

export function useRowActions(reload: () => void): RowActionRunner {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const running = useRef(new Set<string>());
  const [busyIds, setBusyIds] = useState<ReadonlyMap<number, number>>(new Map());

  const mark = useCallback((id: number, delta: number) => {
    setBusyIds((prev) => {
      const next = new Map(prev);
      const count = (next.get(id) ?? 0) + delta;
      if (count > 0) next.set(id, count);
      else next.delete(id);
      return next;
    });
  }, []);

  const run = useCallback(
    <T>(key: string, id: number, call: () => Promise<T>, success?: string | ((result: T) => string)) => {
      if (running.current.has(key)) return;
      running.current.add(key);
      mark(id, 1);
      call()
        .then(
          (result: T) => {
            if (success) toast.success(typeof success === 'function' ? success(result) : success);
            reload();
          },
          (error: unknown) => {
            // A 401 ends the session (the shell shows the login page): no toast.
            if (!(isApiError(error) && error.status === 401)) toast.error(messageOf(error));
          },
        )
        .finally(() => {
          running.current.delete(key);
          mark(id, -1);
        });
    },
    [mark, reload],
  );

  return {
    update: (id, { field, value }) => run(`update:${id}:${field}`, id, () => updateArticleField(id, field, value)),
    submit: (id) => run(`submit:${id}`, id, () => submitArticle(id), t('actions.submitted')),
    remove: (id) => run(`delete:${id}`, id, () => deleteArticle(id)),
    restore: (id) =>
      run(
        `restore:${id}`,
        id,
        () => restoreArticle(id),
        (restored) => t('actions.restoredAs', { state: t(`state.${stateName(restored.state)}`) }),
      ),
    isBusy: (id) => busyIds.has(id),
  };
}
