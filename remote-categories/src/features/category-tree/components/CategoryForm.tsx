import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import TreeSelect from 'antd/es/tree-select';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveCategoryBody } from 'contracts/schemas/categories';
import { CATEGORY_LIMITS } from 'contracts/rules/field-limits';
import { staleVersionCurrent } from 'shared';
import { StaleVersionAlert } from 'shared/ui/StaleVersionAlert';
import { MANAGE_PREFIX, NS } from '../i18n';
import type { CategoryInput, CategoryRecord } from '../api/categoriesApi';
import { useStoredCategory } from '../hooks/useStoredCategory';
import { canMove, parentOptions } from '../model/manage';
import { findPath, type CategoryNode } from '../model/tree';

export type CategoryFormTarget = { mode: 'create'; parent: CategoryNode } | { mode: 'edit'; node: CategoryNode };

interface Props {
  tree: readonly CategoryNode[];
  target: CategoryFormTarget;
  /** Saves; rejects on a server error (the form then stays open with what the user typed; a stale save offers reload / overwrite). */
  onSubmit(input: CategoryInput): Promise<void>;
  onCancel(): void;
}

/** The dialog's fields: those of the save, the colour always one (the picker has no "none"). */
type Values = Required<Pick<SaveCategoryBody, 'title' | 'alias'>> &
  Pick<SaveCategoryBody, 'parent_id'> & { colour: NonNullable<SaveCategoryBody['colour']> };

const DEFAULT_COLOUR = '#1677ff';
const isColour = (value: string | null | undefined): value is string => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

function valuesOf(category: Pick<CategoryRecord, 'title' | 'alias' | 'colour' | 'parent_id'>): Values {
  return {
    title: category.title,
    alias: category.alias ?? '',
    colour: isColour(category.colour) ? category.colour : DEFAULT_COLOUR,
    parent_id: category.parent_id ?? undefined,
  };
}

/** The save of the dialog's values: a move only when the parent changed and the category may move. */
function saveInput(values: Values, target: CategoryFormTarget, version: number | undefined, colourTouched: boolean): CategoryInput {
  const input: CategoryInput = { title: values.title.trim(), alias: values.alias.trim() };
  const editing = target.mode === 'edit' ? target.node : null;
  // An uncoloured category stays uncoloured unless the user picks a colour.
  if (!editing || isColour(editing.colour) || colourTouched) input.colour = values.colour;
  if (editing) {
    input.id = editing.id;
    input.version = version;
    if (canMove(editing) && values.parent_id !== undefined && values.parent_id !== editing.parent_id) input.parent_id = values.parent_id;
  } else if (target.mode === 'create') {
    input.parent_id = target.parent.id;
  }
  return input;
}

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

  const { version, setVersion, loaded } = useStoredCategory(editing?.id, form, valuesOf);
  const [conflict, setConflict] = useState<CategoryRecord | null>(null);

  const initialValues: Values = editing
    ? valuesOf(editing)
    : {
        title: '',
        alias: '',
        colour: target.mode === 'create' && isColour(target.parent.colour) ? target.parent.colour : DEFAULT_COLOUR,
      };

  const submit = async (values: Values, overVersion = version) => {
    const input = saveInput(values, target, overVersion, form.isFieldTouched('colour'));
    setSaving(true);
    try {
      await onSubmit(input);
    } catch (error) {
      // The error toast is shown by the caller; keep the form open as typed.
      setConflict(staleVersionCurrent<CategoryRecord>(error));
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
      okButtonProps={{ disabled: !loaded || conflict !== null }}
      mask={{ closable: false }}
    >
      {conflict && (
        <StaleVersionAlert
          marginBottom={16}
          title={t('staleTitle')}
          help={t('staleHelp')}
          reloadLabel={t('staleReload')}
          overwriteLabel={t('staleOverwrite')}
          onReload={() => {
            form.setFieldsValue(valuesOf(conflict));
            setVersion(conflict.version);
            setConflict(null);
          }}
          onOverwrite={() => {
            setVersion(conflict.version);
            setConflict(null);
            void submit(form.getFieldsValue(true), conflict.version);
          }}
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => submit(values)}
        aria-label={heading}
        disabled={!loaded}
      >
        <Form.Item name="title" label={t('fieldTitle')} rules={[{ required: true, whitespace: true, message: t('titleRequired') }]}>
          <Input autoFocus maxLength={CATEGORY_LIMITS.title.max} />
        </Form.Item>
        <Form.Item name="alias" label={t('fieldAlias')} extra={t('aliasHelp')}>
          <Input maxLength={CATEGORY_LIMITS.alias.max} />
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
