import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import StarFilled from '@ant-design/icons/es/icons/StarFilled';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import StopOutlined from '@ant-design/icons/es/icons/StopOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Typography from 'antd/es/typography';
import type { BulkAction } from 'contracts/rules/bulk-actions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, isApiErrorCode } from 'shared';
import { useSummaryLine, type BulkActionsState } from '../hooks/useBulkActions';
import { LIST_PREFIX, NS } from '../i18n';
import type { BulkSummary } from '../model/bulkSummary';

// Decoration: the button's text names it (an icon's own label would be read before it).
const ICONS: Record<BulkAction, ReactNode> = {
  approve: <CheckOutlined aria-hidden />,
  unpublish: <StopOutlined aria-hidden />,
  trash: <DeleteOutlined aria-hidden />,
  restore: <UndoOutlined aria-hidden />,
  feature: <StarFilled aria-hidden />,
  unfeature: <StarOutlined aria-hidden />,
};

/** The bulk actions on the rows selected on this page: how many, and one button per action the user's rights offer. */
export function BulkToolbar({ bulk }: { bulk: BulkActionsState }) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const count = bulk.selectedIds.length;
  const idle = count === 0 || bulk.running !== null;

  const button = (action: BulkAction) => {
    const common = {
      size: 'small' as const,
      disabled: idle,
      loading: bulk.running === action,
      icon: ICONS[action],
      'data-testid': `bulk-${action}`,
    };
    if (action !== 'trash') {
      return (
        <Button key={action} {...common} onClick={() => bulk.run(action)}>
          {t(`bulk.actions.${action}`)}
        </Button>
      );
    }
    // Trash asks first, as the row's delete icon does.
    return (
      <Popconfirm
        key={action}
        title={t('bulk.confirmTrash', { count })}
        okText={t('bulk.actions.trash')}
        cancelText={t('actions.confirmCancel')}
        okButtonProps={{ danger: true, 'data-testid': 'bulk-trash-confirm' } as never}
        onConfirm={() => bulk.run('trash')}
        disabled={idle}
      >
        <Button {...common}>{t('bulk.actions.trash')}</Button>
      </Popconfirm>
    );
  };

  return (
    <Flex vertical gap={8}>
      <Flex role="group" aria-label={t('bulk.label')} align="center" gap={6} wrap data-testid="bulk-toolbar">
        <Typography.Text type={count ? undefined : 'secondary'} data-testid="bulk-count" aria-live="polite">
          {t('bulk.selected', { count })}
        </Typography.Text>
        {bulk.offered.map(button)}
        {count > 0 && (
          <Typography.Link onClick={bulk.clear} data-testid="bulk-clear">
            {t('bulk.clear')}
          </Typography.Link>
        )}
      </Flex>
      {bulk.summary && <BulkSummaryAlert summary={bulk.summary} onClose={bulk.dismissSummary} />}
    </Flex>
  );
}

/** The one summary of the last bulk action: the counts, then each reason of refusal with its articles. */
function BulkSummaryAlert({ summary, onClose }: { summary: BulkSummary; onClose(): void }) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const line = useSummaryLine()(summary);
  const ids = (list: number[]) => list.map((id) => `#${id}`).join(', ');
  // A code this client does not know (a newer server) shows as it is.
  const reason = (error: string, params: BulkSummary['refused'][number]['params']) =>
    isApiErrorCode(error) ? apiErrorText({ error, params }) : error;
  return (
    <Alert
      type={summary.kind}
      showIcon
      closable={{ 'aria-label': t('bulk.dismiss'), onClose }}
      title={line}
      data-testid="bulk-summary"
      description={
        summary.refused.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="bulk-refusals">
            {summary.refused.map((group) => (
              <li key={`${group.error}:${group.ids.join(',')}`} data-error={group.error}>
                {t('bulk.refusedBecause', { ids: ids(group.ids), reason: reason(group.error, group.params) })}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
