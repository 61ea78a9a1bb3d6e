import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useSession } from 'shared';
import { useArticleLock } from '../hooks/usePresence';
import { NS, PRESENCE_PREFIX } from '../i18n';

/** "Being edited by N" beside an article whose edit lock someone holds now (live). */
export function EditingMark({ articleId }: { articleId: number }) {
  const { t } = useTranslation(NS, { keyPrefix: PRESENCE_PREFIX });
  const lock = useArticleLock(articleId);
  const userId = useSession((state) => state.user?.id ?? null);
  if (!lock?.held_by) return null;
  const text = lock.held_by.id === userId ? t('editingByYou') : t('editingBy', { name: lock.held_by.name });
  return (
    <Tag icon={<EditOutlined aria-hidden />} data-testid="editing-mark" style={{ marginInlineStart: 8, whiteSpace: 'normal' }}>
      {text}
    </Tag>
  );
}
