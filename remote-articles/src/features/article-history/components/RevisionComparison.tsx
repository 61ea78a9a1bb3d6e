// Two revisions side by side, only the fields that differ: title, intro and text as a word-level diff
// (removed words struck through on the older side, added words underlined on the newer side), the
// other fields as their value before and after (contracts/rules/revision-diff).
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { diffRevisions, type DiffPart, type Language } from 'contracts/rules/revision-diff';
import type { Revision } from '../api/historyApi';
import { HISTORY_PREFIX, NS } from '../i18n';

export interface RevisionComparisonProps {
  older: Revision;
  newer: Revision;
}

function TextSide({ parts, side }: { parts: DiffPart[]; side: 'older' | 'newer' }) {
  const { token } = theme.useToken();
  const removed: CSSProperties = { background: token.colorErrorBg, color: token.colorText, textDecoration: 'line-through' };
  const added: CSSProperties = { background: token.colorSuccessBg, color: token.colorText, textDecoration: 'underline' };
  return (
    <>
      {parts.map((part, index) => {
        if (part.kind === 'same') return <span key={index}>{part.value}</span>;
        if (side === 'older' && part.kind === 'removed') {
          return (
            <del key={index} style={removed}>
              {part.value}
            </del>
          );
        }
        if (side === 'newer' && part.kind === 'added') {
          return (
            <ins key={index} style={added}>
              {part.value}
            </ins>
          );
        }
        return null;
      })}
    </>
  );
}

export function RevisionComparison({ older, newer }: RevisionComparisonProps) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: HISTORY_PREFIX });
  const { token } = theme.useToken();
  const language: Language = i18n.language?.startsWith('de') ? 'de' : 'en';
  const diffs = useMemo(() => diffRevisions(older.content, newer.content, language), [older, newer, language]);
  const sectionRef = useRef<HTMLElement>(null);
  // The result of Compare takes the focus, so keyboard and screen-reader users land on it.
  useEffect(() => sectionRef.current?.focus({ preventScroll: false }), [older, newer]);
  const cell: CSSProperties = {
    padding: '6px 8px',
    border: `1px solid ${token.colorBorderSecondary}`,
    verticalAlign: 'top',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    width: '50%',
  };

  return (
    <section
      ref={sectionRef}
      tabIndex={-1}
      style={{ outline: 'none' }}
      aria-label={t('comparing', { older: older.version, newer: newer.version })}
      data-testid="history-comparison"
    >
      <Typography.Paragraph type="secondary">{t('legend')}</Typography.Paragraph>
      {diffs.length === 0 ? (
        <Typography.Paragraph data-testid="history-no-differences">{t('noDifferences')}</Typography.Paragraph>
      ) : (
        <table style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
          <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 4 }}>
            {t('comparing', { older: older.version, newer: newer.version })}
          </caption>
          <thead>
            <tr>
              <th scope="col" style={{ ...cell, textAlign: 'left' }}>
                {t('older', { version: older.version })}
              </th>
              <th scope="col" style={{ ...cell, textAlign: 'left' }}>
                {t('newer', { version: newer.version })}
              </th>
            </tr>
          </thead>
          {diffs.map((diff) => (
            <tbody key={diff.field} data-testid={`history-diff-${diff.field}`}>
              <tr>
                <th scope="colgroup" colSpan={2} style={{ ...cell, textAlign: 'left', background: token.colorFillQuaternary }}>
                  {diff.label}
                </th>
              </tr>
              <tr>
                <td style={cell} data-side="older">
                  {diff.kind === 'text' ? <TextSide parts={diff.parts} side="older" /> : diff.before}
                </td>
                <td style={cell} data-side="newer">
                  {diff.kind === 'text' ? <TextSide parts={diff.parts} side="newer" /> : diff.after}
                </td>
              </tr>
            </tbody>
          ))}
        </table>
      )}
    </section>
  );
}
