import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useHref, useNavigate } from 'react-router-dom';
import type { ImporterListState } from '../hooks/useImporterList';
import { NS } from '../i18n';
import { ImporterTable } from './ImporterTable';

export const NEW_PATH = '/import/new';

/** Heading with the New button, and the table of scheduled imports. */
export function ImporterListView({ list }: { list: ImporterListState }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const newHref = useHref(NEW_PATH);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('list.heading')}
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          href={newHref}
          onClick={(event) => {
            event.preventDefault();
            navigate(NEW_PATH);
          }}
        >
          {t('list.new')}
        </Button>
      </Flex>
      {list.error && <Alert type="error" showIcon title={list.error} />}
      <ImporterTable importers={list.importers} loading={list.busy} onRefresh={list.refresh} />
    </Flex>
  );
}
