const STYLE_ID = 'nd-desk-admin-styles';

/** The management screen's CSS, added once to the document (the remote ships no CSS file). */
export function ensureAdminStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = `
.nd-desk-admin-row { display: block; margin-bottom: 12px; }
.nd-desk-admin-form { max-width: 900px; }
.nd-desk-admin-fieldset { border: 1px solid #d1d5db; border-radius: 6px; margin: 0 0 12px; padding: 8px 12px; }
.nd-desk-admin-member { display: inline-block; margin-right: 16px; }
.nd-desk-stage-list { padding-left: 24px; }
.nd-desk-stage-row { display: flex; gap: 8px; align-items: center; margin-bottom: 6px; flex-wrap: wrap; }
.nd-desk-stage-handle { cursor: grab; }
.nd-desk-admin-save { margin-top: 4px; }
.nd-desk-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
  document.head.appendChild(style);
}
