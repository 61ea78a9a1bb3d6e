import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Switch from 'antd/es/switch';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MANAGE_PREFIX, NS } from '../i18n';
import { isFixedCategory } from 'contracts/rules/categories';
import { canAddChild } from '../model/manage';
import { isEnabled, type CategoryNode } from '../model/tree';

interface Props {
  node: CategoryNode;
  busy: boolean;
  onAdd(node: CategoryNode): void;
  onEdit(node: CategoryNode): void;
  onSetEnabled(node: CategoryNode, enabled: boolean): void;
  onDelete(node: CategoryNode): Promise<void>;
  /** Its place among its siblings: the first has no "up", the last no "down". */
  first: boolean;
  last: boolean;
  onMove(node: CategoryNode, direction: 'up' | 'down'): void;
  /**
   * Puts the focus on this move button (after a move: the same direction, or the other one when
   * the row reached that end), then calls onFocusMoved.
   */
  focusMove?: 'up' | 'down';
  onFocusMoved?(): void;
}

/** Keeps the columns of actions aligned when a row lacks one. */
const Gap = ({ width }: { width: number }) => <span aria-hidden style={{ width, flex: 'none' }} />;

/** Move up / down among the siblings; takes the focus back after a move (see Props.focusMove). */
function MoveButtons({
  node,
  busy,
  first,
  last,
  onMove,
  focusMove,
  onFocusMoved,
}: Pick<Props, 'node' | 'busy' | 'first' | 'last' | 'onMove' | 'focusMove' | 'onFocusMoved'>) {
  const { t } = useTranslation(NS, { keyPrefix: MANAGE_PREFIX });
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusMove || busy) return;
    const useUp = focusMove === 'up' ? !first : last;
    (useUp ? upRef : downRef).current?.focus();
    onFocusMoved?.();
  }, [focusMove, busy, first, last, onFocusMoved]);
  const title = node.title;
  return (
    <>
      <Button
        type="text"
        size="small"
        ref={upRef}
        icon={<ArrowUpOutlined />}
        aria-label={t('moveUp', { title })}
        title={t('moveUp', { title })}
        disabled={busy || first}
        onClick={() => onMove(node, 'up')}
      />
      <Button
        type="text"
        size="small"
        ref={downRef}
        icon={<ArrowDownOutlined />}
        aria-label={t('moveDown', { title })}
        title={t('moveDown', { title })}
        disabled={busy || last}
        onClick={() => onMove(node, 'down')}
      />
    </>
  );
}

/**
 * The management actions of one row: move up/down among its siblings, add sub-category, edit,
 * enable/disable, delete (with a confirm).
 */
export function CategoryRowActions({
  node,
  busy,
  onAdd,
  onEdit,
  onSetEnabled,
  onDelete,
  first,
  last,
  onMove,
  focusMove,
  onFocusMoved,
}: Props) {
  const { t } = useTranslation(NS, { keyPrefix: MANAGE_PREFIX });
  const enabled = isEnabled(node);
  const title = node.title;
  return (
    <span role="group" aria-label={t('actions', { title })} style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
      {node.parent_id !== null ? (
        <MoveButtons node={node} busy={busy} first={first} last={last} onMove={onMove} focusMove={focusMove} onFocusMoved={onFocusMoved} />
      ) : (
        <Gap width={52} />
      )}
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
      {!isFixedCategory(node.id) && node.parent_id !== null && (
        <Popconfirm
          title={t('deleteConfirm', { title })}
          okText={t('deleteOk')}
          cancelText={t('cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(node)}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('delete', { title })}
            title={t('delete', { title })}
          />
        </Popconfirm>
      )}
      {(isFixedCategory(node.id) || node.parent_id === null) && <Gap width={24} />}
    </span>
  );
}
