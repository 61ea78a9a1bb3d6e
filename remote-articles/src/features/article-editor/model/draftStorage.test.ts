import { articleEdit } from 'contracts/testing/fixtures';
import { articleToForm } from './formMapping';
import {
  createDraftStore,
  draftDiffers,
  draftKey,
  draftOfCopy,
  DRAFT_KEY_PREFIX,
  listDrafts,
  newerDraft,
  restoreDraft,
} from './draftStorage';
import type { EditorFormValues } from './formMapping';

const base = articleToForm(articleEdit({ id: 9, title: 'T', version: 2 }));

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('draft storage', () => {
  it('keys by user and article', () => {
    expect(draftKey(3, 9)).toBe('newsdesk.articleDraft.3.9');
    expect(draftKey(null, 0)).toBe('newsdesk.articleDraft.anonymous.0');
  });

  it('saves, loads and clears per user and article', () => {
    const storage = memoryStorage();
    const store = createDraftStore(storage);
    const values = { ...base, title: 'Changed' };
    store.save(3, 9, values, new Date('2024-05-01T10:00:00Z'));
    expect(store.load(3, 9)).toEqual({ version: 2, savedAt: '2024-05-01T10:00:00.000Z', values });
    expect(store.load(4, 9)).toBeNull();
    expect(store.load(3, 10)).toBeNull();
    store.clear(3, 9);
    expect(store.load(3, 9)).toBeNull();
  });

  it('ignores broken or foreign data and storage failures', () => {
    const storage = memoryStorage();
    storage.data.set(draftKey(1, 1), '{not json');
    storage.data.set(draftKey(1, 2), '{"values":1}');
    const store = createDraftStore(storage);
    expect(store.load(1, 1)).toBeNull();
    expect(store.load(1, 2)).toBeNull();
    const failing = createDraftStore({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    expect(failing.load(1, 1)).toBeNull();
    expect(() => failing.save(1, 1, base)).not.toThrow();
    expect(() => failing.clear(1, 1)).not.toThrow();
    const none = createDraftStore(null);
    expect(none.load(1, 1)).toBeNull();
  });

  it('offers a draft back only when it differs from the loaded article', () => {
    const store = createDraftStore(memoryStorage());
    expect(draftDiffers(null, base)).toBe(false);
    store.save(1, 9, { ...base });
    expect(draftDiffers(store.load(1, 9), base)).toBe(false);
    store.save(1, 9, { ...base, version: 1 });
    expect(draftDiffers(store.load(1, 9), base)).toBe(false); // only the version differs
    store.save(1, 9, { ...base, title: 'Mine' });
    expect(draftDiffers(store.load(1, 9), base)).toBe(true);
  });

  it('restoring keeps the server id and the version the draft started from (a save then merges with what came since)', () => {
    const draft = { version: 1, savedAt: 'x', values: { ...base, id: 1, version: 1, title: 'Mine' } };
    expect(restoreDraft(draft, base)).toMatchObject({ id: 9, version: 1, title: 'Mine' });
    // A draft without a version, or one claiming a version the server does not have yet: the loaded one.
    expect(restoreDraft({ ...draft, version: 0 }, base).version).toBe(2);
    expect(restoreDraft({ ...draft, version: 7 }, base).version).toBe(2);
  });

  it('reads a working copy from the server as a draft, and picks the later of two', () => {
    const copy = {
      base_version: 2,
      saved_at: '2026-01-01T10:00:00.000Z',
      fields: { ...base, title: 'Server' } as unknown as Record<string, unknown>,
    };
    const server = draftOfCopy(copy);
    expect(server).toEqual({ version: 2, savedAt: copy.saved_at, values: copy.fields });
    expect(draftOfCopy(null)).toBeNull();
    expect(draftOfCopy({ ...copy, fields: { title: 3 } })).toBeNull();
    const local = { version: 2, savedAt: '2026-01-01T09:00:00.000Z', values: base };
    expect(newerDraft(local, server)).toBe(server);
    expect(newerDraft(server, local)).toBe(server);
    expect(newerDraft(null, local)).toBe(local);
    expect(newerDraft(null, null)).toBeNull();
  });
});

describe('listDrafts', () => {
  it("lists one user's kept drafts, newest first, and nothing else of the storage", () => {
    const storage = window.localStorage;
    storage.clear();
    const store = createDraftStore(storage);
    const values = (title: string) => ({ title }) as unknown as EditorFormValues;
    store.save(3, 5, values('Five'), new Date('2024-05-01T10:00:00Z'));
    store.save(3, 0, values('New one'), new Date('2024-05-01T11:00:00Z'));
    store.save(4, 6, values('Not mine'), new Date('2024-05-01T12:00:00Z'));
    storage.setItem(`${DRAFT_KEY_PREFIX}.3.7`, 'not json');
    storage.setItem('newsdesk.auth', 'token');
    expect(listDrafts(storage, 3).map(({ articleId, draft }) => [articleId, draft.values.title])).toEqual([
      [0, 'New one'],
      [5, 'Five'],
    ]);
    expect(listDrafts(null, 3)).toEqual([]);
    storage.clear();
  });
});
