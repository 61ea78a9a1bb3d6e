// A word-level diff as text: words only in the newer text underlined on a green ground, words only in
// the older one struck through on a red ground (the History panel's marks), or, for one side of a
// comparison, only that side's words with those the other side lacks marked.
import theme from 'antd/es/theme';
import type { CSSProperties } from 'react';
import type { DiffPart } from 'contracts/rules/revision-diff';

export interface DiffTextProps {
  parts: DiffPart[];
  /** 'both': the whole diff; 'removed' / 'added': one side (the older, the newer) with its own words marked. */
  show?: 'both' | 'removed' | 'added';
}

export function DiffText({ parts, show = 'both' }: DiffTextProps) {
  const { token } = theme.useToken();
  const removed: CSSProperties = { background: token.colorErrorBg, color: token.colorText, textDecoration: 'line-through' };
  const added: CSSProperties = { background: token.colorSuccessBg, color: token.colorText, textDecoration: 'underline' };
  const own: CSSProperties = { background: token.colorWarningBg, color: token.colorText, padding: 0 };
  return (
    <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) => {
        if (part.kind === 'same') return <span key={index}>{part.value}</span>;
        if (show === 'both') {
          return part.kind === 'removed' ? (
            <del key={index} style={removed}>
              {part.value}
            </del>
          ) : (
            <ins key={index} style={added}>
              {part.value}
            </ins>
          );
        }
        if (part.kind !== show) return null;
        return (
          <mark key={index} style={own}>
            {part.value}
          </mark>
        );
      })}
    </span>
  );
}
