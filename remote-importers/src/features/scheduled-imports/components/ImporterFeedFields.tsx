import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { ImporterEditorData } from '../api/loaders';
import { useImporterOptions, type FieldRule } from '../hooks/useImporterFormFields';
import { NS } from '../i18n';
import { MAX_LENGTHS } from '../model/form';

/** The import's own fields: title, feed URL, feed type, schedule and whether it runs. */
export function ImporterFeedFields({ plugins, rule }: { plugins: ImporterEditorData['lookups']['plugins']; rule: FieldRule }) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const { options, lookupOptions } = useImporterOptions();
  return (
    <Card size="small" title={t('sections.feed')}>
      <Form.Item name="title" label={t('fields.title')} required rules={[rule('title')]}>
        <Input maxLength={MAX_LENGTHS.title} />
      </Form.Item>
      <Form.Item name="feed_url" label={t('fields.feed_url')} required rules={[rule('feed_url')]}>
        <Input type="url" maxLength={MAX_LENGTHS.feed_url} />
      </Form.Item>
      <Form.Item name="plugin" label={t('fields.plugin')} required rules={[rule('plugin')]}>
        <Select options={lookupOptions(plugins, t('placeholders.plugin'), 'plugins')} />
      </Form.Item>
      <Flex gap={24} wrap>
        <Form.Item name="schedule" label={t('fields.schedule')} style={{ minWidth: 200 }}>
          <Select options={options('schedule')} />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.enabled')}>
          <Radio.Group options={options('enabled')} />
        </Form.Item>
      </Flex>
    </Card>
  );
}
