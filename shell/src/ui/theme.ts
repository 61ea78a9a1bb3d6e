import type { ThemeConfig } from 'antd/es/config-provider/context';

/** Newsdesk's brand colour: every antd component, in the shell and in the remotes, uses it. */
export const NEWSDESK_PRIMARY = '#0e7490';
/**
 * Hovered and pressed brand colour. antd derives a lighter hover (#28869c: white on it 4.2:1, under
 * WCAG AA's 4.5:1); darker shades keep white labels and brand-coloured text readable in every state.
 */
export const NEWSDESK_PRIMARY_HOVER = '#155e75';
export const NEWSDESK_PRIMARY_ACTIVE = '#0a4a5c';
/**
 * Error and success colours that read as text on white and on their own light backgrounds
 * (≥ 4.5:1): antd's defaults (#ff4d4f 3.3:1, #52c41a 2.2:1 on its tag background) do not. Error
 * texts of forms, danger buttons and success tags take them from here.
 */
export const NEWSDESK_ERROR = '#cf1322';
export const NEWSDESK_SUCCESS = '#237804';
// antd's light backgrounds and borders kept as they were (derived from the darker seeds they turn grey).
export const NEWSDESK_ERROR_BG = '#fff2f0';
export const NEWSDESK_ERROR_BORDER = '#ffccc7';

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
    colorPrimaryHover: NEWSDESK_PRIMARY_HOVER,
    colorPrimaryActive: NEWSDESK_PRIMARY_ACTIVE,
    colorLink: NEWSDESK_PRIMARY,
    colorLinkHover: NEWSDESK_PRIMARY_HOVER,
    colorLinkActive: NEWSDESK_PRIMARY_ACTIVE,
    colorError: NEWSDESK_ERROR,
    colorErrorBg: NEWSDESK_ERROR_BG,
    colorErrorBorder: NEWSDESK_ERROR_BORDER,
    colorSuccess: NEWSDESK_SUCCESS,
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    borderRadius: 6,
    colorTextDescription: MUTED_TEXT,
    colorTextPlaceholder: PLACEHOLDER_TEXT,
  },
  components: {
    // A table's empty text is drawn in the disabled grey (#bfbfbf, 1.8:1): muted text that reads.
    Table: { colorTextDisabled: MUTED_TEXT },
    // A calendar's days of the months before and after are drawn in the disabled grey, yet they can
    // be chosen: muted text that reads (disabled days keep their grey background).
    DatePicker: { colorTextDisabled: MUTED_TEXT },
  },
};
