import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useRight } from 'shared';
import { STATE } from 'contracts/rules/article-state';
import { LIST_PREFIX, NS } from '../i18n';
import { changeFilter, type ArticleFilter } from '../model/filterModel';

const TRASH = String(STATE.TRASH);

export function isTrashView(filter: ArticleFilter): boolean {
  return filter.status === TRASH;
}

interface Props {
  filter: ArticleFilter;
  /** How many articles of the user's list are in the trash (null: not known). */
  trashTotal: number | null;
  onChange(next: ArticleFilter): void;
}

/**
 * Every user's way to their trash, as WordPress has it: "Trash (n)" beside the list opens the trash
 * (the list with status -2: a user without view_all_articles sees their own); in the trash, a
 * heading says where the user is and "Back to the articles" returns to the list.
 */
export function TrashLink({ filter, trashTotal, onChange }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const viewAll = useRight('view_all_articles');
  const go = (status: string) => onChange(changeFilter(filter, 'status', status).filter);
  if (!isTrashView(filter)) {
    return (
      <Button
        type="link"
        size="small"
        icon={<DeleteOutlined />}
        onClick={() => go(TRASH)}
        style={{ paddingInline: 0 }}
        data-testid="open-trash"
      >
        {trashTotal === null ? t('trash.openUnknown') : t('trash.open', { count: trashTotal })}
      </Button>
    );
  }
  return (
    <Flex vertical gap={0} data-testid="trash-view">
      <Typography.Text strong role="heading" aria-level={3}>
        {viewAll ? t('trash.headingAll') : t('trash.heading')}
      </Typography.Text>
      <Typography.Text type="secondary">{t('trash.hint')}</Typography.Text>
      <Button
        type="link"
        size="small"
        onClick={() => go('')}
        style={{ paddingInline: 0, alignSelf: 'flex-start' }}
        data-testid="leave-trash"
      >
        {t('trash.leave')}
      </Button>
    </Flex>
  );
}
