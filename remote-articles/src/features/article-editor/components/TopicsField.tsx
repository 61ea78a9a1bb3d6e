// The CategoryTree picker of remote-categories, loaded through federation (remotes never import
// each other), and the main category limited to the selected topics. When the picker cannot
// load, a small inline error with Retry shows and the rest of the form keeps working.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { CATEGORY_TREE_MODULE, useRemoteModule, type CategoryTreeModule } from 'shared';
import { EDITOR_PREFIX, NS } from '../i18n';
import type { CategoryNode } from '../model/types';

interface Props {
  tree: readonly CategoryNode[];
  value?: number[];
  onChange?(ids: number[]): void;
  disabled?: boolean;
}

export function TopicsField({ tree, value = [], onChange, disabled = false }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: `${EDITOR_PREFIX}.picker` });
  const { module, error, retry } = useRemoteModule<CategoryTreeModule>(CATEGORY_TREE_MODULE);
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="picker-error"
        title={t('loadFailed', { message: error.message })}
        action={
          <Button size="small" onClick={retry}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (!module) return <Skeleton active paragraph={{ rows: 2 }} title={false} aria-label={t('loading')} />;
  const Picker = module.default;
  // The main category choices are derived from the same tree and ids (model/mainCategory), so the
  // picker's own report is not needed here.
  return <Picker tree={tree} selectedIds={value} onChange={(ids) => onChange?.(ids)} disabled={disabled} />;
}
