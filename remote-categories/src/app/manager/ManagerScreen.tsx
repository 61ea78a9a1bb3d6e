import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { useRight } from 'shared';
import {
  CATEGORIES_NS,
  CategoryForm,
  CategoryRowActions,
  CategoryTreeView,
  MANAGE_PREFIX,
  TREE_PREFIX,
  useTreeExpansion,
  useViewportHeight,
  countNodes,
} from '../../features/category-tree';
import { buildMark } from 'shared/ui/buildMark';
import { RowActionsMenu } from 'shared/ui/RowActionsMenu';
import type { ManagerData } from './managerLoader';
import { useCategoryChanges } from './useCategoryChanges';

/** Navbar, card header and footer: the rest of the window is the tree's scroll box once it is virtualised. */
const TREE_RESERVED_HEIGHT = 240;

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
  // ?category=<id> (a link from the Activity screen): that category is opened up to and scrolled to.
  const [searchParams] = useSearchParams();
  const [linked] = useState(() => Number(searchParams.get('category')) || null);
  const changes = useCategoryChanges(tree, linked);
  const expansion = useTreeExpansion(tree, { openTo: linked, reveal: changes.reveal });
  const treeHeight = useViewportHeight(TREE_RESERVED_HEIGHT, 360);
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
            scrollTo={changes.scrollTo}
            renderActions={
              canManage
                ? (row) => (
                    <RowActionsMenu label={tm('actions', { title: row.node.title })}>
                      <CategoryRowActions
                        node={row.node}
                        busy={changes.busy}
                        onAdd={(parent) => changes.setTarget({ mode: 'create', parent })}
                        onEdit={(node) => changes.setTarget({ mode: 'edit', node })}
                        onSetEnabled={changes.setEnabled}
                        onDelete={changes.remove}
                        first={row.position === 1}
                        last={row.position === row.siblings}
                        onMove={changes.move}
                        focusMove={changes.moveFocus?.id === row.node.id ? changes.moveFocus.direction : undefined}
                        onFocusMoved={changes.clearMoveFocus}
                      />
                    </RowActionsMenu>
                  )
                : undefined
            }
          />
        )}
      </Card>
      {changes.target && (
        <CategoryForm tree={tree} target={changes.target} onSubmit={changes.submit} onCancel={() => changes.setTarget(null)} />
      )}
    </div>
  );
}
