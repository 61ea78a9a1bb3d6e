import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { MANAGE_PREFIX, NS } from '../i18n';
import { canAddChild, FIXED_IDS } from '../model/manage';
import { isEnabled, type CategoryNode } from '../model/tree';

interface Props {
  node: CategoryNode;
  busy: boolean;
  onAdd(node: CategoryNode): void;
  onEdit(node: CategoryNode): void;
  onSetEnabled(node: CategoryNode, enabled: boolean): void;
  onDelete(node: CategoryNode): Promise<void>;
}

/** The management actions of one row: add sub-category, edit, enable/disable, delete (with a confirm). */
/** Keeps the columns of actions aligned when a row lacks one. */
const Gap = ({ width }: { width: number }) => <span aria-hidden style={{ width, flex: 'none' }} />;

export function CategoryRowActions({ node, busy, onAdd, onEdit, onSetEnabled, onDelete }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: MANAGE_PREFIX });
  const enabled = isEnabled(node);
  const title = node.title;
  return (
    <span role="group" aria-label={t('actions', { title })} style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
      {canAddChild(node) && (
        <Button
          type="text"
          size="small"
          icon={<PlusOutlined />}
          aria-label={t('addChild', { title })}
          title={t('addChild', { title })}
          onClick={() => onAdd(node)}
        />
      )}
      {!canAddChild(node) && <Gap width={24} />}
      <Button
        type="text"
        size="small"
        icon={<EditOutlined />}
        aria-label={t('edit', { title })}
        title={t('edit', { title })}
        onClick={() => onEdit(node)}
      />
      {node.parent_id !== null && (
        <Switch
          size="small"
          checked={enabled}
          disabled={busy}
          aria-label={t(enabled ? 'disable' : 'enable', { title })}
          title={t(enabled ? 'disable' : 'enable', { title })}
          onChange={(checked) => onSetEnabled(node, checked)}
        />
      )}
      {node.parent_id === null && <Gap width={28} />}
      {!FIXED_IDS.includes(node.id) && node.parent_id !== null && (
        <Popconfirm
          title={t('deleteConfirm', { title })}
          okText={t('deleteOk')}
          cancelText={t('cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(node)}
        >
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('delete', { title })} title={t('delete', { title })} />
        </Popconfirm>
      )}
      {(FIXED_IDS.includes(node.id) || node.parent_id === null) && <Gap width={24} />}
    </span>
  );
}
