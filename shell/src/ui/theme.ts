import type { ThemeConfig } from 'antd/es/config-provider/context';

/** Newsdesk's brand colour: every antd component, in the shell and in the remotes, uses it. */
export const NEWSDESK_PRIMARY = '#0e7490';

/**
 * Muted text that still reads (WCAG 2.1 AA: 4.5:1 for normal text). antd's defaults for
 * secondary text (#8c8c8c, 3.4:1 on white) and placeholders (#bfbfbf, 1.8:1) do not; these keep
 * them muted at ≥ 4.5:1 on white and on the light greys of table headers and selected rows.
 * Disabled text keeps antd's colour (WCAG exempts inactive controls).
 */
export const MUTED_TEXT = '#595959';
export const PLACEHOLDER_TEXT = '#6b6b6b';

export const newsdeskTheme: ThemeConfig = {
  token: {
    colorPrimary: NEWSDESK_PRIMARY,
    colorLink: NEWSDESK_PRIMARY,
    borderRadius: 6,
    colorTextDescription: MUTED_TEXT,
    colorTextPlaceholder: PLACEHOLDER_TEXT,
  },
};
