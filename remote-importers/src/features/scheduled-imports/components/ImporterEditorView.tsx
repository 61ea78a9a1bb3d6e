import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ImporterEditorData } from '../api/loaders';
import { NS } from '../i18n';
import { ImporterForm, LIST_PATH } from './ImporterForm';

/** /import/new and /import/edit/:id: heading with Close, then the form (or why there is none). */
export function ImporterEditorView({ data }: { data: ImporterEditorData }) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const navigate = useNavigate();
  const isNew = data.requestedId === null;
  return (
    <Flex vertical gap={16} data-testid="importer-editor">
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {isNew ? t('newTitle') : t('editTitle')}
        </Typography.Title>
        <Button onClick={() => navigate(LIST_PATH)}>{t('close')}</Button>
      </Flex>
      {data.notFound && <Alert type="warning" showIcon title={t('notFound', { id: data.requestedId })} />}
      {data.error && <Alert type="error" showIcon title={data.error} />}
      {(isNew || data.importer) && <ImporterForm key={data.importer?.id ?? 'new'} data={data} />}
    </Flex>
  );
}
