import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { AccountLink, InviteBody, RoleRecord, UserRecord } from 'contracts/schemas/people';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from 'shared';
import { inviteUser, updateUser } from '../api/peopleApi';
import { NS } from '../i18n';
import { useVersionedEdit, VersionedEditDialog } from '../../../ui/VersionedEditDialog';

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

/** A user's values in the form (empty for an invitation). */
function valuesOf(user: UserRecord | null): Values {
  return user ? { name: user.name, email: user.email ?? '', roles: user.roles.map((role) => role.id) } : { name: '', email: '', roles: [] };
}

/** Invite a person (name, email, roles) or edit a user (the same fields, with their version). */
export function UserFormDialog({ target, roles, onClose, onInvited, onSaved }: UserFormDialogProps) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const editing = target !== null && target !== 'invite' ? target : null;
  const edit = useVersionedEdit(form, target, editing, valuesOf);

  if (target === null) return null;

  const submit = (values: Values) =>
    edit.save(
      async () => {
        if (editing) onSaved(await updateUser(editing.id, { version: edit.version ?? editing.version, ...values }));
        else onInvited(await inviteUser(values));
      },
      (caught) => {
        const field = isApiError(caught) ? caught.field : undefined;
        if (field === 'name' || field === 'email' || field === 'roles') form.setFields([{ name: field, errors: [errorText(caught)] }]);
      },
    );

  return (
    <VersionedEditDialog
      title={editing ? t('form.editTitle', { name: editing.name }) : t('form.inviteTitle')}
      edit={edit}
      labels={{ cancel: t('form.cancel'), save: editing ? t('form.save') : t('form.send'), reload: t('form.reload') }}
      onClose={onClose}
      onSave={() => form.submit()}
    >
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
    </VersionedEditDialog>
  );
}
