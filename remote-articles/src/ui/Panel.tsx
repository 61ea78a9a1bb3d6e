// A titled box that looks like antd's small Card, for what the portal shows before an article opens
// (the summary, the editor's loading state). antd's Card brings its Tabs and Skeleton along (~15 KB
// gzip of the portal's first load, measured with `npm run bench:bundle`); this needs the theme only.
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';

export interface PanelProps {
  title: ReactNode;
  children?: ReactNode;
  'data-testid'?: string;
}

export function Panel({ title, children, 'data-testid': testId }: PanelProps) {
  const { token } = theme.useToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      data-testid={testId}
      style={{ background: token.colorBgContainer, border, borderRadius: token.borderRadiusLG, color: token.colorText }}
    >
      <div
        style={{
          minHeight: 38,
          padding: `0 ${token.paddingSM}px`,
          display: 'flex',
          alignItems: 'center',
          borderBottom: border,
          fontWeight: token.fontWeightStrong,
          fontSize: token.fontSize,
        }}
      >
        {title}
      </div>
      <div style={{ padding: token.paddingSM }}>{children}</div>
    </section>
  );
}
