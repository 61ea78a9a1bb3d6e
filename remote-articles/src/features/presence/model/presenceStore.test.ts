import type { LockEvent } from 'contracts/schemas/events';
import { PresenceStore, type ArticleChange, type StoreClock } from './presenceStore';

function clock(start = Date.parse('2026-11-24T10:00:00Z')) {
  let now = start;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  const value: StoreClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  return {
    value,
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.run();
        }
      }
    },
  };
}

const lock = (articleId: number, userId: number, expires: string): LockEvent => ({
  type: 'lock',
  article_id: articleId,
  held_by: { id: userId, name: `User ${userId}` },
  since: '2026-11-24T09:55:00.000Z',
  expires,
});

describe('PresenceStore', () => {
  it('keeps the live locks from the snapshot and the lock events; freed ones go', () => {
    const store = new PresenceStore(clock().value);
    const changes = jest.fn();
    store.subscribeLocks(changes);
    store.apply({ type: 'snapshot', locks: [lock(1, 7, '2026-11-24T10:15:00Z')], heartbeat_ms: 1000 });
    expect(store.lockOf(1)?.held_by?.id).toBe(7);
    store.apply(lock(2, 8, '2026-11-24T10:15:00Z'));
    store.apply(lock(1, 9, '2026-11-24T10:15:00Z'));
    expect(store.lockOf(1)?.held_by?.id).toBe(9);
    expect(store.lockOf(2)?.held_by?.id).toBe(8);
    store.apply({ type: 'lock', article_id: 2, held_by: null, since: null, expires: null });
    expect(store.lockOf(2)).toBeNull();
    expect(changes).toHaveBeenCalledTimes(4);
    // A lock of another article leaves this one's object as it was (React re-renders only what changed).
    const kept = store.lockOf(1);
    store.apply(lock(3, 8, '2026-11-24T10:15:00Z'));
    expect(store.lockOf(1)).toBe(kept);
  });

  it('drops a lock at its expiry (its holder went away without freeing it)', () => {
    const time = clock();
    const store = new PresenceStore(time.value);
    const changes = jest.fn();
    store.subscribeLocks(changes);
    store.apply(lock(1, 7, '2026-11-24T10:15:00Z'));
    time.advance(15 * 60_000 - 1);
    expect(store.lockOf(1)).not.toBeNull();
    time.advance(1);
    expect(store.lockOf(1)).toBeNull();
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('passes article changes on, and a resync when a second snapshot says the stream was away', () => {
    const store = new PresenceStore(clock().value);
    const seen: ArticleChange[] = [];
    store.subscribeChanges((change) => seen.push(change));
    store.apply({ type: 'snapshot', locks: [], heartbeat_ms: 1000 });
    store.apply({ type: 'article', article_id: 3, version: 5, state: 1, deleted: false });
    store.apply({ type: 'snapshot', locks: [], heartbeat_ms: 1000 });
    expect(seen).toEqual([{ type: 'article', article_id: 3, version: 5, state: 1, deleted: false }, { type: 'resync' }]);
    // Signed out and in again: the next first snapshot is no resync.
    store.clear();
    store.apply({ type: 'snapshot', locks: [], heartbeat_ms: 1000 });
    expect(seen).toHaveLength(2);
  });
});
