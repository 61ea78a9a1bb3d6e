// The open article as other users change it: the editor learns within moments,
// without a reload, that someone opened, took over or freed its lock, and that someone saved it.
// The stream may tell this editor's lock that it is someone else's now (never that it is this
// editor's: that needs a reload, which reads the newest version first).
import { useEffect, useRef, useState } from 'react';
import type { EditLock } from 'contracts/schemas/article';
import type { LockEvent } from 'contracts/schemas/events';
import { useArticleChanges, useArticleLock } from './usePresence';

export interface EditorPresenceInput {
  /** 0: a new article (nothing to follow). */
  articleId: number;
  userId: number | null;
  /** The article is loaded; `loadCount` counts the loads (each starts afresh). */
  ready: boolean;
  loadCount: number;
  /** The lock as the editor has it now. */
  lock: EditLock | null;
  /** The version this editor knows (loaded, or returned by its own save). */
  version: number | null;
  /** This editor is saving (its own change is on its way: not someone else's). */
  saving: boolean;
  /** Sets the editor's lock to what the stream says. */
  onLock(lock: EditLock): void;
}

export interface EditorPresence {
  /** Changed by someone (or somewhere) else since it was loaded. */
  changed: boolean;
  /** Deleted for good since it was loaded. */
  deleted: boolean;
  /** The name of the holder who freed the lock since the load (the article can be edited after a reload). */
  freedBy: string | null;
  /** Who took the lock from this editor since the load. */
  takenBy: string | null;
}

const FREE: EditLock = { held_by: null, since: null, mine: false, expires: null };

function editLockOf(live: LockEvent, userId: number | null, mine: boolean): EditLock {
  return { held_by: live.held_by, since: live.since, expires: live.expires, mine: mine && live.held_by?.id === userId };
}

export function useEditorPresence(input: EditorPresenceInput): EditorPresence {
  const { articleId, userId, ready, loadCount, lock, version, saving, onLock } = input;
  const live = useArticleLock(articleId > 0 ? articleId : null);
  const [latestVersion, setLatestVersion] = useState(0);
  const [deleted, setDeleted] = useState(false);
  const [freedBy, setFreedBy] = useState<string | null>(null);
  const [takenBy, setTakenBy] = useState<string | null>(null);
  // The live lock as it was when this copy loaded: only what comes after it is news.
  const seen = useRef<LockEvent | null | undefined>(undefined);
  const current = useRef({ lock, onLock, userId });
  useEffect(() => {
    current.current = { lock, onLock, userId };
  });

  useEffect(() => {
    seen.current = live;
    setLatestVersion(0);
    setDeleted(false);
    setFreedBy(null);
    setTakenBy(null);
  }, [loadCount]); // eslint-disable-line react-hooks/exhaustive-deps -- a new load starts from the lock seen then

  useEffect(() => {
    if (!ready || articleId <= 0 || live === seen.current) return;
    seen.current = live;
    const { lock: had, onLock: apply, userId: me } = current.current;
    if (!live) {
      // Freed. This editor's own lock stays in use (its next renewal takes it again).
      if (had?.mine) return;
      if (had?.held_by) setFreedBy(had.held_by.name);
      // Whoever took it over is done with it: that is history now.
      setTakenBy(null);
      apply(FREE);
      return;
    }
    const someoneElse = live.held_by?.id !== me;
    if (someoneElse && had?.mine && live.held_by) setTakenBy(live.held_by.name);
    if (someoneElse) setFreedBy(null);
    apply(editLockOf(live, me, !!had?.mine));
  }, [live, ready, articleId]);

  useArticleChanges((change) => {
    if (change.type !== 'article' || change.article_id !== articleId) return;
    setLatestVersion((previous) => Math.max(previous, change.version));
    if (change.deleted) setDeleted(true);
  });

  return {
    changed: ready && !saving && !deleted && version !== null && latestVersion > version,
    deleted: ready && deleted,
    freedBy: ready ? freedBy : null,
    takenBy: ready ? takenBy : null,
  };
}
