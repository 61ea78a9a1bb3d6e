import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { RIGHTS } from 'contracts/rules/rights';
import type { CategoryNode } from 'contracts/schemas/categories';
import type { RoleRecord, SaveRoleBody } from 'contracts/schemas/people';
import { useTranslation } from 'react-i18next';
import { saveRole } from '../api/peopleApi';
import { NS } from '../i18n';
import { useVersionedEdit, VersionedEditDialog } from '../../../ui/VersionedEditDialog';
import { RoleScopeField } from './RoleScopeField';

/** The form's fields: the role's part of the save body (its scope as "limited" and the categories). */
type Values = Pick<SaveRoleBody, 'title' | 'rights'> & { require_2fa: boolean; scoped: boolean; scope?: number[] };

/** A role's values in the form. */
function valuesOf(role: RoleRecord | null): Values {
  if (!role) return { title: '', rights: [], require_2fa: false, scoped: false, scope: [] };
  return { title: role.title, rights: role.rights, require_2fa: role.require_2fa, scoped: role.scope !== null, scope: role.scope ?? [] };
}

export interface RoleDialogProps {
  /** 'create' for a new role, else the role to edit; null: closed. */
  target: 'create' | RoleRecord | null;
  /** The category tree the scope is chosen from. */
  categories: CategoryNode[];
  onClose(): void;
  onSaved(role: RoleRecord): void;
}

/** A role's name and rights, saved with the version it was loaded at (409 when someone saved meanwhile). */
export function RoleDialog({ target, categories, onClose, onSaved }: RoleDialogProps) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const editing = target !== null && target !== 'create' ? target : null;
  const edit = useVersionedEdit(form, target, editing, valuesOf);

  if (target === null) return null;

  const submit = (values: Values) =>
    edit.save(async () => {
      onSaved(
        await saveRole({
          ...(editing ? { id: editing.id, version: edit.version } : {}),
          title: values.title,
          rights: values.rights,
          require_2fa: values.require_2fa,
          scope: values.scoped ? (values.scope ?? []) : null,
        }),
      );
    });

  return (
    <VersionedEditDialog
      title={editing ? t('roles.editTitle', { title: editing.title }) : t('roles.createTitle')}
      edit={edit}
      labels={{ cancel: t('form.cancel'), save: t('form.save'), reload: t('form.reload') }}
      onClose={onClose}
      onSave={() => form.submit()}
    >
      <Form form={form} layout="vertical" name="role" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="title"
          label={t('roles.name')}
          rules={[{ required: true, whitespace: true, message: t('form.required', { field: t('roles.name') }) }]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="rights" label={t('roles.rights')}>
          <Checkbox.Group
            style={{ display: 'grid', gap: 8 }}
            options={RIGHTS.map((right) => ({ value: right, label: t(`rights.${right}`) }))}
          />
        </Form.Item>
        <RoleScopeField categories={categories} />
        <Form.Item name="require_2fa" valuePropName="checked" extra={t('roles.require2faHelp')}>
          <Checkbox>{t('roles.require2fa')}</Checkbox>
        </Form.Item>
      </Form>
    </VersionedEditDialog>
  );
}
