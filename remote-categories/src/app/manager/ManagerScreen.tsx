import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator, useSearchParams } from 'react-router-dom';
import { staleVersionCurrent, toast, useRight } from 'shared';
import {
  CATEGORIES_NS,
  CategoryForm,
  CategoryRowActions,
  CategoryTreeView,
  MANAGE_PREFIX,
  deleteCategory,
  moveCategory,
  saveCategory,
  setCategoryEnabled,
  type CategoryFormTarget,
  type CategoryInput,
  type ChangeResult,
  TREE_PREFIX,
  useTreeExpansion,
  useViewportHeight,
  countNodes,
} from '../../features/category-tree';
import { buildMark } from 'shared/ui/buildMark';
import { RowActionsMenu } from 'shared/ui/RowActionsMenu';
import type { ManagerData } from './managerLoader';

interface MoveFocus {
  id: number;
  direction: 'up' | 'down';
}

/** Navbar, card header and footer: the rest of the window is the tree's scroll box once it is virtualised. */
const TREE_RESERVED_HEIGHT = 240;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * The categories screen (/categories): the category tree, the first level open, everything below
 * it collapsed; a long list of visible rows (e.g. "Expand all" on 2,000 categories) is virtualised.
 * With the right manage_categories every row gets move up/down among its siblings, add
 * sub-category, edit (title, alias, colour, parent → move), enable/disable and delete.
 */
export function ManagerScreen() {
  const { tree, error } = useLoaderData() as ManagerData;
  const { t } = useTranslation(CATEGORIES_NS, { keyPrefix: TREE_PREFIX });
  const { t: tm } = useTranslation(CATEGORIES_NS, { keyPrefix: MANAGE_PREFIX });
  const canManage = useRight('manage_categories');
  const revalidator = useRevalidator();
  // ?category=<id> (a link from the Activity screen): that category is opened up to and scrolled to.
  const [searchParams] = useSearchParams();
  const [linked] = useState(() => Number(searchParams.get('category')) || null);
  const [target, setTarget] = useState<CategoryFormTarget | null>(null);
  const [busy, setBusy] = useState(false);
  // The category just saved: opened up to in the reloaded tree (what was open stays open).
  const [reveal, setReveal] = useState<number | null>(null);
  const expansion = useTreeExpansion(tree, { openTo: linked, reveal });
  // The row to bring into view in the (virtualised) tree: the category just saved or moved.
  const [scrollTo, setScrollTo] = useState<{ key: number } | null>(linked ? { key: linked } : null);
  const treeHeight = useViewportHeight(TREE_RESERVED_HEIGHT, 360);
  // Keyboard users keep their place after a move: the moved row's move button gets the focus back
  // once the reloaded tree shows (the button is disabled while the call runs, which drops focus).
  const [pendingFocus, setPendingFocus] = useState<MoveFocus | null>(null);
  const [moveFocus, setMoveFocus] = useState<MoveFocus | null>(null);
  // A reload (revalidation after a change) brings a new tree: the saved category is revealed (above).
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
    toast.success(tm(`messages.${result.message}`, { defaultValue: result.message }));
    revalidator.revalidate();
  };

  /** Runs a change: toast and reload on success, the server's message on failure. Whether it succeeded. */
  const run = async (action: () => Promise<ChangeResult>): Promise<boolean> => {
    setBusy(true);
    try {
      succeeded(await action());
      return true;
    } catch (error) {
      toast.error(messageOf(error));
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
      if (!staleVersionCurrent(error)) toast.error(messageOf(error));
      throw error;
    }
  };

  const total = useMemo(() => countNodes(tree), [tree]);

  return (
    <div data-testid="category-manager" {...buildMark('remote-categories')}>
      <Card
        title={t('heading')}
        extra={
          <Typography.Text type="secondary" data-testid="category-total">
            {t('total', { count: total })}
          </Typography.Text>
        }
        styles={{ body: { padding: 0 } }}
      >
        {/* Below the heading, not beside it: on a phone the heading keeps its width. */}
        <Flex gap={8} wrap style={{ padding: '8px 12px', borderBottom: '1px solid #f0f0f0' }}>
          <Button size="small" disabled={!expansion.canExpand || expansion.allOpen} onClick={expansion.expandAll}>
            {t('expandAll')}
          </Button>
          <Button size="small" disabled={expansion.expanded.size === 0} onClick={expansion.collapseAll}>
            {t('collapseAll')}
          </Button>
        </Flex>
        {error && <Alert type="error" showIcon title={error} style={{ margin: 12 }} />}
        {expansion.rows.length === 0 ? (
          <Alert type="info" showIcon title={t('noRecords')} style={{ margin: 12 }} />
        ) : (
          <CategoryTreeView
            rows={expansion.rows}
            onToggle={expansion.toggle}
            height={treeHeight}
            scrollTo={scrollTo}
            renderActions={
              canManage
                ? (row) => (
                    <RowActionsMenu label={tm('actions', { title: row.node.title })}>
                      <CategoryRowActions
                        node={row.node}
                        busy={busy}
                        onAdd={(parent) => setTarget({ mode: 'create', parent })}
                        onEdit={(node) => setTarget({ mode: 'edit', node })}
                        onSetEnabled={(node, enabled) => void run(() => setCategoryEnabled(node.id, enabled))}
                        onDelete={async (node) => {
                          await run(() => deleteCategory(node.id));
                        }}
                        first={row.position === 1}
                        last={row.position === row.siblings}
                        onMove={(node, direction) => {
                          setScrollTo({ key: node.id });
                          setPendingFocus({ id: node.id, direction });
                          void run(() => moveCategory(node.id, direction)).then((done) => {
                            if (!done) setPendingFocus(null);
                          });
                        }}
                        focusMove={moveFocus?.id === row.node.id ? moveFocus.direction : undefined}
                        onFocusMoved={() => setMoveFocus(null)}
                      />
                    </RowActionsMenu>
                  )
                : undefined
            }
          />
        )}
      </Card>
      {target && <CategoryForm tree={tree} target={target} onSubmit={submit} onCancel={() => setTarget(null)} />}
    </div>
  );
}
