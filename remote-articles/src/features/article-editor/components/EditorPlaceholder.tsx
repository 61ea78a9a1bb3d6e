// What the editor shows before its article is there: a skeleton while loading, or why the load
// failed with Retry and Close.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import type { ArticleEditorState } from '../hooks/useArticleEditor';
import { EDITOR_PREFIX, NS } from '../i18n';

/** Loading (a skeleton), or the load failed (why, with Retry and Close). */
export function EditorPlaceholder({ articleId, editor, onClose }: { articleId: number; editor: ArticleEditorState; onClose(): void }) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const failed = editor.status === 'error';
  const action = (
    <Flex gap={8}>
      <Button size="small" onClick={editor.reload}>
        {t('retry')}
      </Button>
      <Button size="small" onClick={onClose}>
        {t('actions.close')}
      </Button>
    </Flex>
  );
  return (
    <Card size="small" title={articleId ? t('heading', { id: articleId }) : t('newHeading')} data-testid="article-editor">
      {failed ? (
        <Alert type="error" showIcon title={t('loadFailed', { message: editor.error ?? '' })} action={action} />
      ) : (
        <Skeleton active aria-label={t('loading')} />
      )}
    </Card>
  );
}
