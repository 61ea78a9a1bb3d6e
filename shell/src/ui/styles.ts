import {
  NEWSDESK_ERROR,
  NEWSDESK_ERROR_BG,
  NEWSDESK_ERROR_BORDER,
  NEWSDESK_PRIMARY,
  NEWSDESK_PRIMARY_ACTIVE,
  NEWSDESK_PRIMARY_HOVER,
} from './theme';

/**
 * Styles of the shell's antd-free components (login, banner, loading views, error boxes): what the
 * visitor sees before signing in must not download antd (docs/ARCHITECTURE.md "antd and /login").
 * The values are antd's default tokens with the Newsdesk theme (ui/theme.ts), so these look like
 * the antd components of the signed-in screens.
 */
export const TOKENS = {
  colorPrimary: NEWSDESK_PRIMARY,
  colorPrimaryHover: NEWSDESK_PRIMARY_HOVER,
  colorPrimaryActive: NEWSDESK_PRIMARY_ACTIVE,
  controlOutline: 'rgba(14, 116, 144, 0.15)',
  colorText: 'rgba(0, 0, 0, 0.88)',
  colorBorder: '#d9d9d9',
  colorError: NEWSDESK_ERROR,
  colorErrorBg: NEWSDESK_ERROR_BG,
  colorErrorBorder: NEWSDESK_ERROR_BORDER,
  errorOutline: 'rgba(255, 38, 5, 0.06)',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  borderRadius: 6,
  borderRadiusLG: 8,
  controlHeight: 32,
  fontSize: 14,
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'",
} as const;

const T = TOKENS;

export const CSS = `
.nd-root{font-family:${T.fontFamily};font-size:${T.fontSize}px;line-height:1.5714;color:${T.colorText}}
.nd-field{margin-bottom:24px}
.nd-label{display:block;padding:0 0 8px;line-height:1.5714;color:${T.colorText}}
.nd-input{box-sizing:border-box;display:block;width:100%;height:${T.controlHeight}px;padding:4px 11px;font:inherit;color:${T.colorText};background:#fff;border:1px solid ${T.colorBorder};border-radius:${T.borderRadius}px;outline:none;transition:all .2s}
.nd-input:hover{border-color:${T.colorPrimaryHover}}
.nd-input:focus{border-color:${T.colorPrimary};box-shadow:0 0 0 2px ${T.controlOutline}}
.nd-input[aria-invalid=true]{border-color:${T.colorError}}
.nd-input[aria-invalid=true]:focus{box-shadow:0 0 0 2px ${T.errorOutline}}
.nd-explain{color:${T.colorError};min-height:22px;line-height:1.5714;margin-bottom:-22px}
.nd-check{display:inline-flex;align-items:center;gap:8px;cursor:pointer;line-height:1.5714}
.nd-check input{width:16px;height:16px;margin:0;accent-color:${T.colorPrimary};cursor:pointer}
.nd-button{box-sizing:border-box;display:inline-flex;align-items:center;justify-content:center;gap:8px;height:${T.controlHeight}px;padding:4px 15px;font:inherit;border-radius:${T.borderRadius}px;border:1px solid ${T.colorBorder};background:#fff;color:${T.colorText};cursor:pointer;transition:all .2s;white-space:nowrap}
.nd-button:hover{border-color:${T.colorPrimaryHover};color:${T.colorPrimaryHover}}
.nd-button:focus-visible{outline:3px solid ${T.controlOutline};outline-offset:1px}
.nd-button-primary{background:${T.colorPrimary};border-color:${T.colorPrimary};color:#fff;box-shadow:0 2px 0 ${T.controlOutline}}
.nd-button-primary:hover{background:${T.colorPrimaryHover};border-color:${T.colorPrimaryHover};color:#fff}
.nd-button-primary:active{background:${T.colorPrimaryActive};border-color:${T.colorPrimaryActive}}
.nd-button:disabled{cursor:not-allowed;opacity:.65}
.nd-button-block{display:flex;width:100%}
.nd-alert{display:flex;align-items:flex-start;gap:8px;padding:8px 12px;border-radius:${T.borderRadiusLG}px;border:1px solid transparent;line-height:1.5714;word-wrap:break-word}
.nd-alert-danger{background:${T.colorErrorBg};border-color:${T.colorErrorBorder}}
.nd-alert-warning{background:${T.colorWarningBg};border-color:${T.colorWarningBorder}}
.nd-alert-banner{border:0;border-radius:0}
.nd-alert-icon{flex:none;width:14px;height:14px;margin-top:4px;color:${T.colorError}}
.nd-alert-with-description{padding:20px 24px}
.nd-alert-with-description .nd-alert-icon{width:24px;height:24px;margin-top:0}
.nd-alert-with-description .nd-alert-title{font-size:16px;margin-bottom:4px}
.nd-alert-content{flex:1;min-width:0}
.nd-alert-action{flex:none;margin-left:8px}
.nd-spinner{display:inline-block;width:32px;height:32px;border-radius:50%;border:3px solid ${T.controlOutline};border-top-color:${T.colorPrimary};animation:nd-spin 1s linear infinite}
.nd-spinner-small{width:14px;height:14px;border-width:2px;border-color:rgba(255,255,255,.35);border-top-color:#fff}
@keyframes nd-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.nd-spinner{animation-duration:3s}}
`;

const injected = new Set<string>();

/** Adds a stylesheet named `name` to the page once (safe to call on every render). */
export function injectStylesheet(name: string, css: string): void {
  if (injected.has(name) || typeof document === 'undefined') return;
  injected.add(name);
  const style = document.createElement('style');
  style.setAttribute('data-newsdesk', name);
  style.textContent = css;
  document.head.appendChild(style);
}

/** Adds the stylesheet of the shell's antd-free components to the page once (safe to call on every render). */
export const ensureStyles = (): void => injectStylesheet('shell-ui', CSS);
