import FileOutlined from '@ant-design/icons/es/icons/FileOutlined';
import MinusSquareOutlined from '@ant-design/icons/es/icons/MinusSquareOutlined';
import PlusSquareOutlined from '@ant-design/icons/es/icons/PlusSquareOutlined';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS, TREE_PREFIX } from '../i18n';
import { isEnabled, type VisibleRow } from '../model/tree';

const INDENT = 24;
const NEUTRAL = '#d9d9d9';

/** A CSS colour from the API, or the neutral grey for a missing/odd value. */
export function safeColour(colour: string | null | undefined): string {
  if (typeof colour !== 'string') return NEUTRAL;
  const value = colour.trim();
  return /^#[0-9a-f]{3,8}$/i.test(value) || /^[a-z]+$/i.test(value) ? value : NEUTRAL;
}

interface Props {
  rows: readonly VisibleRow[];
  onToggle(id: number): void;
  /** Extra controls at the end of a row (the management actions). */
  renderActions?: (row: VisibleRow) => ReactNode;
}

/**
 * The visible rows of the category tree (a WAI-ARIA tree: treeitems with aria-level). Each row:
 * its colour as a left border and swatch, the title in its colour, a plus/minus toggle and the
 * number of sub-categories on non-leaf rows, a leaf mark on leaves, disabled ones muted.
 */
export function CategoryTreeView({ rows, onToggle, renderActions }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: TREE_PREFIX });
  return (
    <div role="tree" aria-label={t('treeLabel')} data-testid="category-tree">
      {rows.map((row) => {
        const { node } = row;
        const colour = safeColour(node.colour);
        const enabled = isEnabled(node);
        const style: CSSProperties = {
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          minHeight: 36,
          padding: '4px 8px',
          paddingLeft: 8 + row.depth * INDENT,
          borderLeft: `4px solid ${colour}`,
          borderBottom: '1px solid #f0f0f0',
          opacity: enabled ? 1 : 0.5,
          background: enabled ? undefined : '#fafafa',
        };
        return (
          <div
            key={node.id}
            role="treeitem"
            aria-level={row.depth + 1}
            aria-posinset={row.position}
            aria-setsize={row.siblings}
            aria-expanded={row.hasChildren ? row.expanded : undefined}
            aria-disabled={enabled ? undefined : true}
            aria-label={node.title}
            data-testid={`category-${node.id}`}
            data-leaf={row.hasChildren ? 'false' : 'true'}
            data-enabled={enabled ? 'true' : 'false'}
            style={style}
          >
            {row.hasChildren ? (
              <Button
                type="text"
                size="small"
                aria-label={t(row.expanded ? 'collapse' : 'expand', { title: node.title })}
                aria-expanded={row.expanded}
                icon={row.expanded ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
                onClick={() => onToggle(node.id)}
              />
            ) : (
              <span
                role="img"
                aria-label={t('leaf')}
                title={t('leaf')}
                data-testid="leaf-mark"
                style={{ width: 24, display: 'inline-flex', justifyContent: 'center', color: '#8c8c8c' }}
              >
                <FileOutlined />
              </span>
            )}
            <span
              aria-hidden
              title={t('colour', { colour })}
              style={{ width: 12, height: 12, borderRadius: 3, background: colour, flex: 'none' }}
            />
            <Typography.Text
              strong={row.depth === 0}
              style={{ color: enabled ? colour : undefined }}
              type={enabled ? undefined : 'secondary'}
              delete={false}
            >
              {node.title}
            </Typography.Text>
            {row.hasChildren && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="subcategory-count">
                {t('subcategories', { count: row.descendantCount })}
              </Typography.Text>
            )}
            {!enabled && <Tag>{t('disabled')}</Tag>}
            {renderActions && <span style={{ marginLeft: 'auto', display: 'inline-flex', gap: 2 }}>{renderActions(row)}</span>}
          </div>
        );
      })}
    </div>
  );
}
