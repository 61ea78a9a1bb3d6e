import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ImporterEditorData } from '../api/loaders';
import { NS } from '../i18n';
import type { ImporterSummary } from '../model/importer';
import { formatOption, type OptionGroup } from '../model/options';

export const LIST_PATH = '/import';

const DEFAULT_FIELDS: OptionGroup[] = ['published', 'date', 'sourceDomain', 'dateFirstPublished', 'tinyURL', 'imageSource'];

/**
 * The import being edited (or a new import's defaults), read-only. The scheduled-import form
 * replaces the body in its own issue; Close goes back to /import like the form's Close will.
 */
export function ImporterSummaryView({ data }: { data: ImporterEditorData }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { summary } = data;
  const title = summary?.isNew ? t('editor.newTitle') : t('editor.editTitle');
  const show = (value: ReactNode) => (value === '' || value === null || value === undefined ? t('editor.empty') : value);

  return (
    <Flex vertical gap={16} data-testid="importer-editor">
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Button onClick={() => navigate(LIST_PATH)}>{t('editor.close')}</Button>
      </Flex>
      {!summary && !data.error && <Alert type="warning" showIcon title={t('editor.notFound', { id: data.requestedId })} />}
      {data.error && <Alert type="error" showIcon title={data.error} />}
      {summary && <SummaryBody summary={summary} show={show} />}
    </Flex>
  );
}

function SummaryBody({ summary, show }: { summary: ImporterSummary; show: (value: ReactNode) => ReactNode }) {
  const { t } = useTranslation(NS);
  const option = (group: OptionGroup, value: unknown) => show(formatOption(group, value, (key) => t(key)));
  const feedItems = [
    ...(summary.id !== null ? [{ key: 'id', label: t('editor.fields.id'), children: summary.id }] : []),
    { key: 'title', label: t('editor.fields.title'), children: show(summary.title) },
    { key: 'feed_url', label: t('editor.fields.feed_url'), children: show(summary.feed_url) },
    { key: 'plugin', label: t('editor.fields.plugin'), children: show(summary.plugin) },
    { key: 'schedule', label: t('editor.fields.schedule'), children: option('schedule', summary.schedule) },
    { key: 'enabled', label: t('editor.fields.enabled'), children: option('enabled', summary.enabled) },
  ];
  const defaultItems = DEFAULT_FIELDS.map((field) => ({
    key: field,
    label: t(`editor.fields.${field}`),
    children: option(field, summary.defaults[field]),
  }));
  return (
    <>
      <Descriptions size="small" bordered column={1} title={t('editor.sections.feed')} items={feedItems} />
      <Descriptions size="small" bordered column={1} title={t('editor.sections.defaults')} items={defaultItems} />
    </>
  );
}
