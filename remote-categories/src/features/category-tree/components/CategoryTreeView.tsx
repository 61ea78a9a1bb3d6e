import FileOutlined from '@ant-design/icons/es/icons/FileOutlined';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS, TREE_PREFIX } from '../i18n';
import { readableTextColour, safeColour } from '../model/colour';
import { isEnabled, type VisibleRow } from '../model/tree';
import { ExpandToggle, TreeRows, treeItemProps } from './TreeRows';

const INDENT = 24;
/**
 * A row's height: 36 px min height + 2 × 4 px padding + 1 px border (content-box). The virtual list
 * sizes its scroll range with it before rows are measured, so it should be exact.
 */
const ROW_HEIGHT = 45;

interface Props {
  rows: readonly VisibleRow[];
  onToggle(id: number): void;
  /** Extra controls at the end of a row (the management actions). */
  renderActions?: (row: VisibleRow) => ReactNode;
  /** Height of the scroll box once the rows are many enough to be virtualised. */
  height?: number;
  /** Brings this category into view once it is among the rows (a new object per request). */
  scrollTo?: { key: number } | null;
}

/** One row: toggle or leaf mark, colour swatch, title, sub-category count, disabled tag and the row's actions. */
function CategoryRow({ row, onToggle, renderActions }: { row: VisibleRow } & Pick<Props, 'onToggle' | 'renderActions'>) {
  const { t } = useTranslation(NS, { keyPrefix: TREE_PREFIX });
  const { node } = row;
  const colour = safeColour(node.colour);
  const enabled = isEnabled(node);
  const subcategories = row.hasChildren ? t('subcategories', { count: row.descendantCount }) : null;
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
      {...treeItemProps(
        row,
        [subcategories, enabled ? null : t('disabled')].filter((text) => text !== null),
      )}
      aria-disabled={enabled ? undefined : true}
      data-testid={`category-${node.id}`}
      data-leaf={row.hasChildren ? 'false' : 'true'}
      data-enabled={enabled ? 'true' : 'false'}
      style={style}
    >
      {row.hasChildren ? (
        <ExpandToggle row={row} label={t(row.expanded ? 'collapse' : 'expand', { title: node.title })} onToggle={() => onToggle(node.id)} />
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
        // A long title wraps between words, not letter by letter, when the row is narrow.
        style={{ color: enabled ? readableTextColour(node.colour) : undefined, minWidth: '4em', overflowWrap: 'anywhere' }}
        type={enabled ? undefined : 'secondary'}
        delete={false}
      >
        {node.title}
      </Typography.Text>
      {subcategories && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="subcategory-count">
          {/* A space between it and the title, as the name reads ("News, 10 sub-categories", not "News10"). */} {subcategories}
        </Typography.Text>
      )}
      {!enabled && <Tag> {t('disabled')}</Tag>}
      {renderActions && <span style={{ marginLeft: 'auto', display: 'inline-flex', gap: 2 }}>{renderActions(row)}</span>}
    </div>
  );
}

/**
 * The visible rows of the category tree (a WAI-ARIA tree: treeitems with aria-level). Each row:
 * its colour as a left border and swatch, the title in its colour, a plus/minus toggle and the
 * number of sub-categories on non-leaf rows, a leaf mark on leaves, disabled ones muted.
 */
export function CategoryTreeView({ rows, onToggle, renderActions, height = 600, scrollTo }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: TREE_PREFIX });
  return (
    <TreeRows
      rows={rows}
      label={t('treeLabel')}
      testId="category-tree"
      rowHeight={ROW_HEIGHT}
      height={height}
      scrollTo={scrollTo}
      renderRow={(row) => <CategoryRow key={row.node.id} row={row} onToggle={onToggle} renderActions={renderActions} />}
    />
  );
}
