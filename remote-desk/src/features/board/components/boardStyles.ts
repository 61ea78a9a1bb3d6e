const STYLE_ID = 'nd-desk-board-styles';

/** The board's CSS, added once to the document (the remote ships no CSS file). */
export function ensureBoardStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = `
.nd-desk-board { display: flex; gap: 12px; overflow-x: auto; align-items: flex-start; padding-bottom: 8px; }
.nd-desk-column { flex: 1 1 0; min-width: 180px; background: #f3f4f6; border-radius: 8px; padding: 8px; min-height: 160px; }
.nd-desk-column[data-over='true'] { outline: 2px dashed #1d4ed8; }
.nd-desk-column-title { font-size: 16px; margin: 4px 4px 8px; color: #111827; }
.nd-desk-count { color: #374151; font-weight: normal; }
.nd-desk-cards { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.nd-desk-card { background: #fff; border: 1px solid #d1d5db; border-radius: 6px; padding: 8px; cursor: grab; }
.nd-desk-card:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.nd-desk-card-title { font-weight: 600; color: #111827; overflow-wrap: anywhere; }
.nd-desk-card-meta { font-size: 12px; color: #374151; margin-top: 4px; display: flex; flex-direction: column; gap: 2px; }
.nd-desk-card-lock { color: #92400e; font-size: 12px; margin-top: 2px; }
.nd-desk-card[data-overdue='true'] { border-left: 4px solid #b91c1c; }
.nd-desk-card-overdue { color: #b91c1c; font-weight: 600; }
.nd-desk-card-title { display: block; text-decoration: none; }
.nd-desk-card-title:hover { text-decoration: underline; }
.nd-desk-filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 12px; }
.nd-desk-filter { border: 1px solid #6b7280; background: #fff; color: #111827; border-radius: 16px; padding: 4px 12px; cursor: pointer; font: inherit; }
.nd-desk-filter[aria-pressed='true'] { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
.nd-desk-filter:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.nd-desk-filter-count { color: #374151; font-size: 13px; }
.nd-desk-empty { color: #374151; margin: 4px; font-size: 13px; }
.nd-desk-help { color: #374151; margin: 0 0 12px; }
.nd-desk-chooser { display: inline-block; margin-bottom: 12px; }
.nd-desk-live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
  document.head.appendChild(style);
}
