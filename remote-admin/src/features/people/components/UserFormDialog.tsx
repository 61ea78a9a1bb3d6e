import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import type { AccountLink, InviteBody, RoleRecord, UserRecord } from 'contracts/schemas/people';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError, staleVersionCurrent } from 'shared';
import { inviteUser, updateUser } from '../api/peopleApi';
import { NS } from '../i18n';

/** The form's fields: what an invitation and an edit both send. */
type Values = Pick<InviteBody, 'name' | 'email' | 'roles'>;

export interface UserFormDialogProps {
  /** 'invite' for a new person, else the user to edit; null: closed. */
  target: 'invite' | UserRecord | null;
  roles: RoleRecord[];
  onClose(): void;
  onInvited(answer: AccountLink): void;
  onSaved(user: UserRecord): void;
}

/** Invite a person (name, email, roles) or edit a user (the same fields, with their version). */
export function UserFormDialog({ target, roles, onClose, onInvited, onSaved }: UserFormDialogProps) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const editing = target !== null && target !== 'invite' ? target : null;

  useEffect(() => {
    setError(null);
    if (target === null) return;
    form.setFieldsValue(
      editing
        ? { name: editing.name, email: editing.email ?? '', roles: editing.roles.map((role) => role.id) }
        : { name: '', email: '', roles: [] },
    );
    setVersion(editing?.version);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);

  if (target === null) return null;

  const submit = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      if (editing) onSaved(await updateUser(editing.id, { version: version ?? editing.version, ...values }));
      else onInvited(await inviteUser(values));
    } catch (caught) {
      setError(caught);
      const field = isApiError(caught) ? caught.field : undefined;
      if (field === 'name' || field === 'email' || field === 'roles') form.setFields([{ name: field, errors: [errorText(caught)] }]);
    } finally {
      setBusy(false);
    }
  };

  const current = staleVersionCurrent<UserRecord>(error);
  const reload = () => {
    if (!current) return;
    form.setFieldsValue({ name: current.name, email: current.email ?? '', roles: current.roles.map((role) => role.id) });
    setVersion(current.version);
    setError(null);
  };

  return (
    <Modal
      open
      title={editing ? t('form.editTitle', { name: editing.name }) : t('form.inviteTitle')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('form.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={busy} onClick={() => form.submit()}>
          {editing ? t('form.save') : t('form.send')}
        </Button>,
      ]}
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorText(error)}
          style={{ marginBottom: 16 }}
          action={current ? <Button onClick={reload}>{t('form.reload')}</Button> : undefined}
        />
      ) : null}
      <Form form={form} layout="vertical" name={editing ? 'edit-user' : 'invite-user'} onFinish={(values) => void submit(values)}>
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[{ required: true, whitespace: true, message: t('form.required', { field: t('form.name') }) }]}
        >
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('form.email')}
          rules={[
            { required: true, message: t('form.required', { field: t('form.email') }) },
            { type: 'email', message: t('form.emailInvalid') },
          ]}
        >
          <Input autoComplete="off" maxLength={254} />
        </Form.Item>
        <Form.Item name="roles" label={t('form.roles')}>
          <Select mode="multiple" options={roles.map((role) => ({ value: role.id, label: role.title }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
