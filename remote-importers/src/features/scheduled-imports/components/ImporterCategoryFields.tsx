import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { AuthorsField, TopicsField } from 'shared/fields';
import type { ImporterEditorData } from '../api/loaders';
import type { FieldRule } from '../hooks/useImporterFormFields';
import { NS } from '../i18n';
import { keepMainCategory, type ImporterFormValues, type mainChoicesOf } from '../model/form';

type MainChoices = ReturnType<typeof mainChoicesOf>;

interface ImporterCategoryFieldsProps {
  topics: ImporterEditorData['lookups']['topics'];
  mainChoices: MainChoices;
  onMainChoices(choices: MainChoices): void;
  rule: FieldRule;
}

/** Authors, topics and the main category (one of the topics: it follows them as they change). */
export function ImporterCategoryFields({ topics, mainChoices, onMainChoices, rule }: ImporterCategoryFieldsProps) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const form = Form.useFormInstance<ImporterFormValues>();
  return (
    <>
      <Form.Item name="authors" label={t('fields.authors')}>
        <AuthorsField />
      </Form.Item>
      <Flex gap={24} wrap align="flex-start">
        <Form.Item
          name="mainCategory"
          label={t('fields.mainCategory')}
          required
          rules={[rule('mainCategory')]}
          dependencies={['topics']}
          style={{ minWidth: 240 }}
        >
          <Select
            aria-label={t('fields.mainCategory')}
            options={[
              { value: '', label: t('placeholders.mainCategory') },
              ...mainChoices.map((choice) => ({ value: String(choice.id), label: choice.title })),
            ]}
          />
        </Form.Item>
        <Form.Item name="topics" label={t('fields.topics')} style={{ flex: 1, minWidth: 320 }}>
          <TopicsField
            tree={topics}
            onMainChoices={(choices) => {
              onMainChoices(choices);
              const kept = keepMainCategory(form.getFieldValue('mainCategory') as string, choices);
              if (kept !== form.getFieldValue('mainCategory')) form.setFieldValue('mainCategory', kept);
              if (form.isFieldTouched('mainCategory')) void form.validateFields(['mainCategory']).catch(() => undefined);
            }}
          />
        </Form.Item>
      </Flex>
    </>
  );
}
