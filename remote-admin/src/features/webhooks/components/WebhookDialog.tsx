import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS, WEBHOOK_NAME_MAX, WEBHOOK_URL_MAX } from 'contracts/rules/webhooks';
import type { CreateWebhookBody, Webhook } from 'contracts/schemas/webhooks';
import { useTranslation } from 'react-i18next';
import { createWebhook, updateWebhook } from '../api/webhooksApi';
import { NS } from '../i18n';
import { useVersionedEdit, VersionedEditDialog } from '../../../ui/VersionedEditDialog';

/** The form's fields: a save body's, with the secret's rotation for an existing webhook. */
type Values = Required<CreateWebhookBody> & { rotate_secret: boolean };

function valuesOf(webhook: Webhook | null): Values {
  if (!webhook) return { name: '', url: '', events: ['article.published'], format: 'standard', enabled: true, rotate_secret: false };
  const { name, url, events, format, enabled } = webhook;
  return { name, url, events, format, enabled, rotate_secret: false };
}

export interface WebhookDialogProps {
  /** 'create' for a new webhook, else the one to edit; null: closed. */
  target: 'create' | Webhook | null;
  onClose(): void;
  onSaved(webhook: Webhook): void;
}

/** A webhook's name, URL, events and format, saved with the version it was loaded at (409 when someone saved meanwhile). */
export function WebhookDialog({ target, onClose, onSaved }: WebhookDialogProps) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const editing = target !== null && target !== 'create' ? target : null;
  const edit = useVersionedEdit(form, target, editing, valuesOf);

  if (target === null) return null;

  const submit = ({ rotate_secret, ...values }: Values) =>
    edit.save(async () => {
      onSaved(
        editing
          ? await updateWebhook(editing.id, { ...values, version: edit.version as number, rotate_secret })
          : await createWebhook(values),
      );
    });

  return (
    <VersionedEditDialog
      title={editing ? t('form.editTitle', { name: editing.name }) : t('form.createTitle')}
      edit={edit}
      labels={{ cancel: t('form.cancel'), save: t('form.save'), reload: t('form.reload') }}
      onClose={onClose}
      onSave={() => form.submit()}
    >
      <Form form={form} layout="vertical" name="webhook" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[{ required: true, whitespace: true, message: t('form.required', { field: t('form.name') }) }]}
        >
          <Input maxLength={WEBHOOK_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('form.url')}
          extra={t('form.urlHelp')}
          rules={[{ required: true, whitespace: true, message: t('form.required', { field: t('form.url') }) }]}
        >
          <Input maxLength={WEBHOOK_URL_MAX} autoComplete="off" inputMode="url" />
        </Form.Item>
        {/* A validator, not `required`: antd would put aria-required on the checkbox group's div, which axe refuses. */}
        <Form.Item
          name="events"
          label={t('form.events')}
          rules={[
            {
              validator: (_, value?: string[]) => (value?.length ? Promise.resolve() : Promise.reject(new Error(t('form.eventsRequired')))),
            },
          ]}
        >
          <Checkbox.Group
            style={{ display: 'grid', gap: 8 }}
            options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: t(`events.${event}`) }))}
          />
        </Form.Item>
        <Form.Item name="format" label={t('form.format')}>
          <Select
            aria-label={t('form.format')}
            options={WEBHOOK_FORMATS.map((format) => ({ value: format, label: t(`formats.${format}`) }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {editing ? (
          <>
            <Form.Item label={t('form.secret')} extra={t('form.secretHelp')}>
              <Input.Password value={editing.secret} readOnly aria-label={t('form.secret')} />
            </Form.Item>
            <Form.Item name="rotate_secret" valuePropName="checked">
              <Checkbox>{t('form.rotate')}</Checkbox>
            </Form.Item>
          </>
        ) : null}
      </Form>
    </VersionedEditDialog>
  );
}
