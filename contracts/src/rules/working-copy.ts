// The limits of a working copy (the editor's autosave on the server), shared by the API and the editor.

/** The largest working copy, as JSON text (the article's longest text fields with room for their markup). */
export const WORKING_COPY_MAX_CHARS = 2_000_000;

/** How often the editor sends a working copy while the user types, at most (≤ 1 write per user per 5 s, none while idle). */
export const WORKING_COPY_INTERVAL_MS = 5000;
