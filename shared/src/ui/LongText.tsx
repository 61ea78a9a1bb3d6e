import type { CSSProperties } from 'react';

/**
 * Text that may be long and without spaces (titles in table cells): it wraps anywhere instead of
 * widening its column, shows at most `lines` lines, and the full text on hover.
 */
export function LongText({ text, lines = 3 }: { text: string; lines?: number }) {
  const style: CSSProperties = {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: lines,
    overflow: 'hidden',
    overflowWrap: 'anywhere',
    wordBreak: 'break-word',
  };
  return (
    <span title={text} style={style} data-long-text="">
      {text}
    </span>
  );
}
