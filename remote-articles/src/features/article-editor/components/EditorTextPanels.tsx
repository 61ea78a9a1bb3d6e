// The editor's panels of typed text: Content (title, intro, text, notes) and References (source,
// date and link), each field held to the limits and rules the API checks.
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input, { type InputRef } from 'antd/es/input';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpUrl } from 'contracts/rules/http-url';
import { EDITOR_PREFIX, NS } from '../i18n';
import { LIMITS } from '../model/validation';
import { LazyRichTextEditor } from './LazyRichTextEditor';
import { DateTimeField } from 'shared/fields';

function useFieldText() {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  return { t, field: (key: string) => t(`fields.${key}`) };
}

export function ContentPanel({ disabled, titleRef }: { disabled: boolean; titleRef: Ref<InputRef> }) {
  const { t, field } = useFieldText();
  return (
    <>
      <Form.Item
        name="title"
        label={field('title')}
        rules={[
          { required: true, whitespace: true, message: t('rules.required', { field: field('title') }) },
          { max: LIMITS.title.max, message: t('rules.max', { field: field('title'), max: LIMITS.title.max }) },
        ]}
      >
        <Input ref={titleRef} data-testid="editor-title" />
      </Form.Item>
      <Form.Item name="introtext" label={field('introtext')}>
        <LazyRichTextEditor label={field('introtext')} disabled={disabled} minHeight={80} />
      </Form.Item>
      <Form.Item name="text" label={field('text')}>
        <LazyRichTextEditor label={field('text')} disabled={disabled} />
      </Form.Item>
      <Form.Item
        name="notes"
        label={field('notes')}
        rules={[{ max: LIMITS.notes.max, message: t('rules.max', { field: field('notes'), max: LIMITS.notes.max }) }]}
      >
        <Input.TextArea rows={2} />
      </Form.Item>
    </>
  );
}

export function ReferencesPanel() {
  const { t, field } = useFieldText();
  return (
    <>
      <Form.Item name="references_at_source" valuePropName="checked">
        <Checkbox>{field('referencesAtSource')}</Checkbox>
      </Form.Item>
      <Form.Item name="use_source_link" valuePropName="checked">
        <Checkbox>{field('useSourceLink')}</Checkbox>
      </Form.Item>
      <Form.Item
        name="reference_source"
        label={field('referenceSource')}
        rules={[
          {
            max: LIMITS.referenceSource.max,
            message: t('rules.max', { field: field('referenceSource'), max: LIMITS.referenceSource.max }),
          },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="reference_date" label={field('referenceDate')}>
        <DateTimeField kind="date" data-testid="editor-reference-date" />
      </Form.Item>
      <Form.Item
        name="reference_url"
        label={field('referenceUrl')}
        rules={[
          {
            validator: (_rule, v: string) =>
              isHttpUrl((v ?? '').trim(), { allowBlank: true }) ? Promise.resolve() : Promise.reject(new Error(t('rules.url'))),
          },
        ]}
      >
        <Input type="url" />
      </Form.Item>
    </>
  );
}
