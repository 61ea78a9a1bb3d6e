import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import TreeSelect from 'antd/es/tree-select';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MANAGE_PREFIX, NS } from '../i18n';
import type { CategoryInput } from '../api/categoriesApi';
import { canMove, parentOptions } from '../model/manage';
import { findPath, type CategoryNode } from '../model/tree';

export type CategoryFormTarget = { mode: 'create'; parent: CategoryNode } | { mode: 'edit'; node: CategoryNode };

interface Props {
  tree: readonly CategoryNode[];
  target: CategoryFormTarget;
  /** Saves; rejects on a server error (the form then stays open with what the user typed). */
  onSubmit(input: CategoryInput): Promise<void>;
  onCancel(): void;
}

interface Values {
  title: string;
  alias: string;
  colour: string;
  parent_id?: number;
}

const DEFAULT_COLOUR = '#1677ff';
const isColour = (value: string | null | undefined): value is string => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/** The create / edit dialog of a category: title, alias, colour and (edit) the parent. */
export function CategoryForm({ tree, target, onSubmit, onCancel }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: MANAGE_PREFIX });
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const editing = target.mode === 'edit' ? target.node : null;
  const movable = editing !== null && canMove(editing);
  const options = useMemo(() => (editing && movable ? parentOptions(tree, editing) : []), [tree, editing, movable]);
  const openKeys = useMemo(
    () => (editing?.parent_id ? (findPath(tree, editing.parent_id) ?? []).map((node) => node.id) : []),
    [tree, editing],
  );

  const initialValues: Values = editing
    ? {
        title: editing.title,
        alias: editing.alias ?? '',
        colour: isColour(editing.colour) ? editing.colour : DEFAULT_COLOUR,
        parent_id: editing.parent_id ?? undefined,
      }
    : {
        title: '',
        alias: '',
        colour: target.mode === 'create' && isColour(target.parent.colour) ? target.parent.colour : DEFAULT_COLOUR,
      };

  const submit = async (values: Values) => {
    const input: CategoryInput = { title: values.title.trim(), alias: values.alias.trim() };
    // An uncoloured category stays uncoloured unless the user picks a colour.
    if (!editing || isColour(editing.colour) || form.isFieldTouched('colour')) input.colour = values.colour;
    if (editing) {
      input.id = editing.id;
      if (movable && values.parent_id !== undefined && values.parent_id !== editing.parent_id) input.parent_id = values.parent_id;
    } else if (target.mode === 'create') {
      input.parent_id = target.parent.id;
    }
    setSaving(true);
    try {
      await onSubmit(input);
    } catch {
      // The error toast is shown by the caller; keep the form open as typed.
    } finally {
      setSaving(false);
    }
  };

  const heading = editing
    ? t('editTitle', { title: editing.title })
    : t('createTitle', { parent: target.mode === 'create' ? target.parent.title : '' });

  return (
    <Modal
      open
      title={heading}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      mask={{ closable: false }}
    >
      <Form<Values> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} aria-label={heading}>
        <Form.Item
          name="title"
          label={t('fieldTitle')}
          rules={[{ required: true, whitespace: true, message: t('titleRequired') }]}
        >
          <Input autoFocus maxLength={255} />
        </Form.Item>
        <Form.Item name="alias" label={t('fieldAlias')} extra={t('aliasHelp')}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="colour" label={t('fieldColour')}>
          <Input type="color" style={{ width: 64, padding: 2 }} />
        </Form.Item>
        {editing && (
          <Form.Item name="parent_id" label={t('fieldParent')} extra={movable ? undefined : t('parentFixed')}>
            <TreeSelect
              disabled={!movable}
              treeData={options}
              showSearch
              treeNodeFilterProp="title"
              treeDefaultExpandedKeys={openKeys}
              placeholder={movable ? undefined : t('parentFixed')}
              listHeight={320}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
