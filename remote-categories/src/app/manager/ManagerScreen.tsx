import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { toast, useRight } from 'shared';
import {
  CATEGORIES_NS,
  CategoryForm,
  CategoryRowActions,
  CategoryTreeView,
  MANAGE_PREFIX,
  deleteCategory,
  revealNode,
  saveCategory,
  setCategoryEnabled,
  type CategoryFormTarget,
  type CategoryInput,
  type ChangeResult,
  TREE_PREFIX,
  countNodes,
  defaultExpanded,
  expandableIds,
  isAllExpanded,
  toggleExpanded,
  visibleRows,
} from '../../features/category-tree';
import { BuildFooter } from '../BuildFooter';
import '../i18n';
import type { ManagerData } from './managerLoader';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * The categories screen (/categories): the category tree, the first level open, everything below
 * it collapsed (only visible rows are rendered). With the right manage_categories every row gets
 * add sub-category, edit (title, alias, colour, parent → move), enable/disable and delete.
 */
export function ManagerScreen() {
  const { tree, error } = useLoaderData() as ManagerData;
  const { t } = useTranslation(CATEGORIES_NS, { keyPrefix: TREE_PREFIX });
  const { t: tm } = useTranslation(CATEGORIES_NS, { keyPrefix: MANAGE_PREFIX });
  const canManage = useRight('manage_categories');
  const revalidator = useRevalidator();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => defaultExpanded(tree));
  const [target, setTarget] = useState<CategoryFormTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const [reveal, setReveal] = useState<number | null>(null);
  // A reload (revalidation after a change) brings a new tree: keep what is open and show the
  // category just saved.
  const [shownTree, setShownTree] = useState(tree);
  if (shownTree !== tree) {
    setShownTree(tree);
    if (shownTree.length === 0) setExpanded(defaultExpanded(tree));
    else if (reveal !== null) setExpanded(revealNode(tree, expanded, reveal));
    setReveal(null);
  }

  const succeeded = (result: ChangeResult) => {
    toast.success(tm(`messages.${result.message}`, { defaultValue: result.message }));
    revalidator.revalidate();
  };

  const run = async (action: () => Promise<ChangeResult>): Promise<void> => {
    setBusy(true);
    try {
      succeeded(await action());
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (input: CategoryInput): Promise<void> => {
    try {
      const result = await saveCategory(input);
      setTarget(null);
      setReveal(result.id);
      succeeded(result);
    } catch (error) {
      toast.error(messageOf(error));
      throw error;
    }
  };

  const rows = useMemo(() => visibleRows(tree, expanded), [tree, expanded]);
  const expandable = useMemo(() => expandableIds(tree), [tree]);
  const allOpen = isAllExpanded(tree, expanded);
  const total = useMemo(() => countNodes(tree), [tree]);

  return (
    <div data-testid="category-manager">
      <Card
        title={t('heading')}
        extra={
          <Flex gap={8} align="center">
            <Typography.Text type="secondary" data-testid="category-total">
              {t('total', { count: total })}
            </Typography.Text>
            <Button size="small" disabled={expandable.size === 0 || allOpen} onClick={() => setExpanded(expandable)}>
              {t('expandAll')}
            </Button>
            <Button size="small" disabled={expanded.size === 0} onClick={() => setExpanded(new Set())}>
              {t('collapseAll')}
            </Button>
          </Flex>
        }
        styles={{ body: { padding: 0 } }}
      >
        {error && <Alert type="error" showIcon title={error} style={{ margin: 12 }} />}
        {rows.length === 0 ? (
          <Alert type="info" showIcon title={t('noRecords')} style={{ margin: 12 }} />
        ) : (
          <CategoryTreeView
            rows={rows}
            onToggle={(id) => setExpanded((current) => toggleExpanded(current, id))}
            renderActions={
              canManage
                ? (row) => (
                    <CategoryRowActions
                      node={row.node}
                      busy={busy}
                      onAdd={(parent) => setTarget({ mode: 'create', parent })}
                      onEdit={(node) => setTarget({ mode: 'edit', node })}
                      onSetEnabled={(node, enabled) => void run(() => setCategoryEnabled(node.id, enabled))}
                      onDelete={(node) => run(() => deleteCategory(node.id))}
                    />
                  )
                : undefined
            }
          />
        )}
      </Card>
      {target && <CategoryForm tree={tree} target={target} onSubmit={submit} onCancel={() => setTarget(null)} />}
      <BuildFooter />
    </div>
  );
}
