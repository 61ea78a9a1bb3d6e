// The manager's changes: each runs with the rows' buttons busy, says what happened and reloads the
// tree; a save closes the dialog and brings the saved category into view; a move keeps the keyboard
// user's place (the moved row's move button gets the focus back once the reloaded tree shows).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router-dom';
import { errorMessage, staleVersionCurrent, toast } from 'shared';
import {
  CATEGORIES_NS,
  MANAGE_PREFIX,
  deleteCategory,
  moveCategory,
  saveCategory,
  setCategoryEnabled,
  type CategoryFormTarget,
  type CategoryInput,
  type CategoryNode,
  type ChangeResult,
} from '../../features/category-tree';

export interface MoveFocus {
  id: number;
  direction: 'up' | 'down';
}

export function useCategoryChanges(tree: readonly CategoryNode[], linked: number | null) {
  const { t } = useTranslation(CATEGORIES_NS, { keyPrefix: MANAGE_PREFIX });
  const revalidator = useRevalidator();
  const [target, setTarget] = useState<CategoryFormTarget | null>(null);
  const [busy, setBusy] = useState(false);
  // The category just saved: opened up to in the reloaded tree (what was open stays open).
  const [reveal, setReveal] = useState<number | null>(null);
  // The row to bring into view in the (virtualised) tree: the category just saved or moved.
  const [scrollTo, setScrollTo] = useState<{ key: number } | null>(linked ? { key: linked } : null);
  // The move button is disabled while the call runs, which drops focus: given back after the reload.
  const [pendingFocus, setPendingFocus] = useState<MoveFocus | null>(null);
  const [moveFocus, setMoveFocus] = useState<MoveFocus | null>(null);
  const [shownTree, setShownTree] = useState(tree);
  if (shownTree !== tree) {
    setShownTree(tree);
    setReveal(null);
    if (pendingFocus) {
      setMoveFocus(pendingFocus);
      setPendingFocus(null);
    }
  }

  const succeeded = (result: ChangeResult) => {
    toast.success(t(`messages.${result.message}`, { defaultValue: result.message }));
    void revalidator.revalidate();
  };

  /** Runs a change: toast and reload on success, the server's message on failure. Whether it succeeded. */
  const run = async (action: () => Promise<ChangeResult>): Promise<boolean> => {
    setBusy(true);
    try {
      succeeded(await action());
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (input: CategoryInput): Promise<void> => {
    try {
      const result = await saveCategory(input);
      setTarget(null);
      setReveal(result.id);
      if (result.id !== null) setScrollTo({ key: result.id });
      succeeded(result);
    } catch (error) {
      // A stale save is answered in the form (reload or overwrite), not with a toast.
      if (!staleVersionCurrent(error)) toast.error(errorMessage(error));
      throw error;
    }
  };

  const move = (node: CategoryNode, direction: MoveFocus['direction']) => {
    setScrollTo({ key: node.id });
    setPendingFocus({ id: node.id, direction });
    void run(() => moveCategory(node.id, direction)).then((done) => {
      if (!done) setPendingFocus(null);
    });
  };

  return {
    busy,
    target,
    setTarget,
    reveal,
    scrollTo,
    moveFocus,
    clearMoveFocus: () => setMoveFocus(null),
    submit,
    move,
    setEnabled: (node: CategoryNode, enabled: boolean) => void run(() => setCategoryEnabled(node.id, enabled)),
    remove: async (node: CategoryNode) => {
      await run(() => deleteCategory(node.id));
    },
  };
}
