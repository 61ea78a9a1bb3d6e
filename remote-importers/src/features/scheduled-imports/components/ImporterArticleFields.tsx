import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { TagsField } from 'shared/fields';
import type { ImporterEditorData } from '../api/loaders';
import { useImporterOptions, type FieldRule } from '../hooks/useImporterFormFields';
import { NS } from '../i18n';
import { MAX_LENGTHS, type visibleFields } from '../model/form';

interface ImporterArticleFieldsProps {
  lookups: Pick<ImporterEditorData['lookups'], 'contentTypes' | 'users'>;
  show: ReturnType<typeof visibleFields>;
  rule: FieldRule;
}

/** Defaults of each new article: state, date, type, owner, source flags, source domain, first-published date, tiny URL, tags. */
export function ImporterArticleFields({ lookups, show, rule }: ImporterArticleFieldsProps) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const { options, lookupOptions } = useImporterOptions();
  return (
    <>
      <Flex gap={16} wrap>
        <Form.Item name="published" label={t('fields.published')} style={{ minWidth: 220 }}>
          <Select options={options('published')} />
        </Form.Item>
        <Form.Item name="date" label={t('fields.date')} style={{ minWidth: 220 }}>
          <Select options={options('date')} />
        </Form.Item>
        <Form.Item name="contentType" label={t('fields.contentType')} required rules={[rule('contentType')]} style={{ minWidth: 220 }}>
          <Select options={lookupOptions(lookups.contentTypes, t('placeholders.contentType'), 'contentTypes')} />
        </Form.Item>
        <Form.Item name="user" label={t('fields.user')} required rules={[rule('user')]} style={{ minWidth: 220 }}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={lookupOptions(lookups.users, t('placeholders.user'))} />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        {(['use_source_link', 'videos_at_source', 'references_at_source'] as const).map((field) => (
          <Form.Item key={field} name={field} valuePropName="checked">
            <Checkbox>{t(`fields.${field}`)}</Checkbox>
          </Form.Item>
        ))}
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item name="sourceDomain" label={t('fields.sourceDomain')} style={{ minWidth: 220 }}>
          <Select options={options('sourceDomain')} />
        </Form.Item>
        {show.sourceDomainCustom && (
          <Form.Item
            name="sourceDomainCustom"
            label={t('fields.sourceDomainCustom')}
            required
            rules={[rule('sourceDomainCustom')]}
            style={{ minWidth: 260 }}
          >
            <Input maxLength={MAX_LENGTHS.sourceDomainCustom} />
          </Form.Item>
        )}
        <Form.Item name="dateFirstPublished" label={t('fields.dateFirstPublished')} style={{ minWidth: 220 }}>
          <Select options={options('dateFirstPublished')} />
        </Form.Item>
        <Form.Item name="tinyURL" label={t('fields.tinyURL')} style={{ minWidth: 260 }}>
          <Select options={options('tinyURL')} />
        </Form.Item>
        {show.tinyURLCustom && (
          <Form.Item
            name="tinyURLCustom"
            label={t('fields.tinyURLCustom')}
            required
            rules={[rule('tinyURLCustom')]}
            style={{ minWidth: 300 }}
          >
            <Input type="url" maxLength={MAX_LENGTHS.tinyURLCustom} />
          </Form.Item>
        )}
      </Flex>
      <Form.Item name="tags" label={t('fields.tags')}>
        <TagsField />
      </Form.Item>
    </>
  );
}
