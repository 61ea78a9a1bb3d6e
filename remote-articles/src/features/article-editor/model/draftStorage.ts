// Unsaved changes survive a crash or a closed tab: the form is kept in localStorage per user and
// article id, offered back when the same article opens again, and cleared after a successful save.
import type { EditorFormValues } from './formMapping';

export const DRAFT_KEY_PREFIX = 'newsdesk.articleDraft';

export interface StoredDraft {
  /** The article version the user was editing. */
  version: number;
  /** When the draft was last written (ISO). */
  savedAt: string;
  values: EditorFormValues;
}

/** The key of one user's draft of one article (0 = the new article). */
export function draftKey(userId: number | string | null | undefined, articleId: number): string {
  return `${DRAFT_KEY_PREFIX}.${userId ?? 'anonymous'}.${articleId}`;
}

export interface DraftStore {
  load(userId: number | string | null | undefined, articleId: number): StoredDraft | null;
  save(userId: number | string | null | undefined, articleId: number, values: EditorFormValues, now?: Date): void;
  clear(userId: number | string | null | undefined, articleId: number): void;
}

function isDraft(value: unknown): value is StoredDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<StoredDraft>;
  return typeof draft.savedAt === 'string' && !!draft.values && typeof draft.values === 'object' && typeof draft.values.title === 'string';
}

/** A draft store on a Storage (localStorage in the app); storage errors (quota, private mode) are ignored. */
export function createDraftStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null): DraftStore {
  return {
    load(userId, articleId) {
      if (!storage) return null;
      try {
        const raw = storage.getItem(draftKey(userId, articleId));
        if (!raw) return null;
        const parsed: unknown = JSON.parse(raw);
        return isDraft(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
    save(userId, articleId, values, now = new Date()) {
      if (!storage) return;
      const draft: StoredDraft = { version: values.version, savedAt: now.toISOString(), values };
      try {
        storage.setItem(draftKey(userId, articleId), JSON.stringify(draft));
      } catch {
        // Quota or private mode: the editor still works, only without crash recovery.
      }
    },
    clear(userId, articleId) {
      if (!storage) return;
      try {
        storage.removeItem(draftKey(userId, articleId));
      } catch {
        // ignore, see save
      }
    },
  };
}

export interface KeptDraft {
  articleId: number;
  draft: StoredDraft;
}

/** One user's drafts in the storage, newest first (what the portal announces after a reload). */
export function listDrafts(
  storage: Pick<Storage, 'length' | 'key' | 'getItem'> | null,
  userId: number | string | null | undefined,
): KeptDraft[] {
  if (!storage) return [];
  const prefix = `${DRAFT_KEY_PREFIX}.${userId ?? 'anonymous'}.`;
  const store = createDraftStore({ getItem: (key) => storage.getItem(key), setItem: () => undefined, removeItem: () => undefined });
  const found: KeptDraft[] = [];
  try {
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      const articleId = key?.startsWith(prefix) ? Number(key.slice(prefix.length)) : NaN;
      const draft = Number.isInteger(articleId) && articleId >= 0 ? store.load(userId, articleId) : null;
      if (draft) found.push({ articleId, draft });
    }
  } catch {
    return [];
  }
  return found.sort((a, b) => b.draft.savedAt.localeCompare(a.draft.savedAt));
}

/** Key order does not matter; JSON text of sorted keys compares two form states. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** Whether a stored draft holds changes against what the server just sent (only then offer it back). */
export function draftDiffers(draft: StoredDraft | null, loaded: EditorFormValues): boolean {
  if (!draft) return false;
  return stable({ ...draft.values, version: 0 }) !== stable({ ...loaded, version: 0 });
}

/**
 * The draft's values on top of the loaded article, keeping the loaded id and the version the draft
 * was started from: when the article was saved again since, the next save is stale and merges with
 * those changes (model/mergeForm) instead of putting the draft over them unseen.
 */
export function restoreDraft(draft: StoredDraft, loaded: EditorFormValues): EditorFormValues {
  const version = draft.version > 0 && draft.version <= loaded.version ? draft.version : loaded.version;
  return { ...loaded, ...draft.values, id: loaded.id, version };
}

/** A working copy from the server as a draft (null when its fields are not an editor form). */
export function draftOfCopy(copy: { base_version: number; saved_at: string; fields: Record<string, unknown> } | null): StoredDraft | null {
  if (!copy) return null;
  const draft = { version: copy.base_version, savedAt: copy.saved_at, values: copy.fields as unknown as EditorFormValues };
  return isDraft(draft) ? draft : null;
}

/** The later of two drafts (this browser's and the server's), or the one there is. */
export function newerDraft(a: StoredDraft | null, b: StoredDraft | null): StoredDraft | null {
  if (!a || !b) return a ?? b;
  return Date.parse(b.savedAt) > Date.parse(a.savedAt) ? b : a;
}
