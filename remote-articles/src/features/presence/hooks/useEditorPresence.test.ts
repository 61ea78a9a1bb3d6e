import { act, renderHook } from '@testing-library/react';
import type { EditLock } from 'contracts/schemas/article';
import type { LockEvent } from 'contracts/schemas/events';
import { presenceClient } from '../api/presenceClient';
import { useEditorPresence, type EditorPresenceInput } from './useEditorPresence';

// The stream itself is tested apart: here the store is fed by hand.
jest.mock('../api/presenceClient', () => {
  const { PresenceStore } = jest.requireActual('../model/presenceStore');
  return { presenceClient: { store: new PresenceStore(), retain: () => () => undefined } };
});

const ME = 7;
const OTHER = { id: 9, name: 'Erin Editor' };
const FUTURE = new Date(Date.now() + 15 * 60_000).toISOString();
const held = (holder: { id: number; name: string }): LockEvent => ({
  type: 'lock',
  article_id: 5,
  held_by: holder,
  since: '2026-11-24T10:00:00.000Z',
  expires: FUTURE,
});
const free: LockEvent = { type: 'lock', article_id: 5, held_by: null, since: null, expires: null };
const mine: EditLock = { held_by: { id: ME, name: 'Me' }, since: null, mine: true, expires: FUTURE };
const emit = (event: Parameters<typeof presenceClient.store.apply>[0]) => act(() => presenceClient.store.apply(event));

function setup(initial: Partial<EditorPresenceInput> = {}) {
  const onLock = jest.fn();
  const props: EditorPresenceInput = {
    articleId: 5,
    userId: ME,
    ready: true,
    loadCount: 1,
    lock: mine,
    version: 3,
    saving: false,
    onLock,
    ...initial,
  };
  const hook = renderHook((input: EditorPresenceInput) => useEditorPresence(input), { initialProps: props });
  return { ...hook, onLock, props };
}

describe('useEditorPresence', () => {
  beforeEach(() => presenceClient.store.clear());

  it('someone taking the lock over turns this editor’s lock into theirs and says who', () => {
    const { result, onLock } = setup();
    emit(held(OTHER));
    expect(onLock).toHaveBeenCalledWith({ held_by: OTHER, since: '2026-11-24T10:00:00.000Z', expires: FUTURE, mine: false });
    expect(result.current.takenBy).toBe('Erin Editor');
  });

  it('the holder freeing the lock of a read-only editor: offered to reload and edit', () => {
    const theirs: EditLock = { held_by: OTHER, since: null, mine: false, expires: FUTURE };
    emit(held(OTHER));
    const { result, onLock } = setup({ lock: theirs });
    // What the stream knew when the article loaded is no news.
    expect(onLock).not.toHaveBeenCalled();
    emit(free);
    expect(onLock).toHaveBeenCalledWith({ held_by: null, since: null, mine: false, expires: null });
    expect(result.current.freedBy).toBe('Erin Editor');
  });

  it('this editor’s own lock going free keeps the form as it is (its next renewal takes it again)', () => {
    emit(held({ id: ME, name: 'Me' }));
    const { result, onLock } = setup();
    emit(free);
    expect(onLock).not.toHaveBeenCalled();
    expect(result.current).toEqual({ changed: false, deleted: false, freedBy: null, takenBy: null });
  });

  it('a newer version from elsewhere offers the reload; this editor’s own save does not', () => {
    const { result, rerender, props } = setup();
    emit({ type: 'article', article_id: 6, version: 10, state: 1, deleted: false });
    expect(result.current.changed).toBe(false);
    // This editor saves: its change arrives while saving, and the save answers the same version.
    rerender({ ...props, saving: true });
    emit({ type: 'article', article_id: 5, version: 4, state: 1, deleted: false });
    expect(result.current.changed).toBe(false);
    rerender({ ...props, saving: false, version: 4 });
    expect(result.current.changed).toBe(false);
    // Someone else saves after that.
    emit({ type: 'article', article_id: 5, version: 5, state: 1, deleted: false });
    expect(result.current.changed).toBe(true);
    // A reload (a new copy, version 5) starts over.
    rerender({ ...props, version: 5, loadCount: 2 });
    expect(result.current.changed).toBe(false);
  });
});
