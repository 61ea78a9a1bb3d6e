// Topics: the CategoryTree picker of remote-categories, loaded through federation (remotes never
// import each other). When it cannot load, a small inline error with Retry shows and the rest of
// the form keeps working. antd Form.Item-compatible: `value` / `onChange` with the topic ids.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { CATEGORY_TREE_MODULE, SHARED_NAMESPACE, useRemoteModule, type CategoryNode, type CategoryTreeModule } from 'shared';

export interface TopicsFieldProps {
  tree: readonly CategoryNode[];
  value?: number[];
  onChange?(ids: number[]): void;
  /** The picker's main category choices (the selected main categories, in tree order). */
  onMainChoices?(choices: CategoryNode[]): void;
  disabled?: boolean;
}

export function TopicsField({ tree, value = [], onChange, onMainChoices, disabled = false }: TopicsFieldProps) {
  const { t } = useTranslation(SHARED_NAMESPACE, { keyPrefix: 'fields' });
  const { module, error, retry } = useRemoteModule<CategoryTreeModule>(CATEGORY_TREE_MODULE);
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="picker-error"
        title={t('pickerLoadFailed', { message: error.message })}
        action={
          <Button size="small" onClick={retry}>
            {t('pickerRetry')}
          </Button>
        }
      />
    );
  }
  if (!module) return <Skeleton active paragraph={{ rows: 2 }} title={false} aria-label={t('pickerLoading')} />;
  const Picker = module.default;
  return (
    <div data-testid="topics-picker">
      <Picker
        tree={tree}
        selectedIds={value}
        disabled={disabled}
        onChange={(ids, mainChoices) => {
          onChange?.(ids);
          onMainChoices?.(mainChoices);
        }}
      />
    </div>
  );
}
