import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import {
  CATEGORIES_NS,
  CategoryTreeView,
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

/**
 * The categories screen (/categories): the category tree, read-only. The first level is open,
 * everything below it collapsed. Create/rename/move/delete come with the category-management issue.
 */
export function ManagerScreen() {
  const { tree, error } = useLoaderData() as ManagerData;
  const { t } = useTranslation(CATEGORIES_NS, { keyPrefix: TREE_PREFIX });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => defaultExpanded(tree));
  // A reload (revalidation) brings a new tree: start again from its default state.
  const [shownTree, setShownTree] = useState(tree);
  if (shownTree !== tree) {
    setShownTree(tree);
    setExpanded(defaultExpanded(tree));
  }

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
          <CategoryTreeView rows={rows} onToggle={(id) => setExpanded((current) => toggleExpanded(current, id))} />
        )}
      </Card>
      <BuildFooter />
    </div>
  );
}
