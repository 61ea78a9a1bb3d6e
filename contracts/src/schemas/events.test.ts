import { Value } from 'typebox/value';
import { PresenceEventSchema } from './events';

describe('presence event schemas', () => {
  it('accept the four event types and refuse a lock without its holder field', () => {
    const lock = { type: 'lock', article_id: 3, held_by: { id: 2, name: 'Erin' }, since: '2026-11-24T10:00:00.000Z', expires: null };
    expect(Value.Check(PresenceEventSchema, lock)).toBe(true);
    expect(Value.Check(PresenceEventSchema, { type: 'snapshot', locks: [lock], heartbeat_ms: 20000 })).toBe(true);
    expect(Value.Check(PresenceEventSchema, { type: 'article', article_id: 3, version: 4, state: 1, deleted: false })).toBe(true);
    expect(Value.Check(PresenceEventSchema, { type: 'heartbeat' })).toBe(true);
    const { held_by: _gone, ...withoutHolder } = lock;
    expect(Value.Check(PresenceEventSchema, withoutHolder)).toBe(false);
    expect(Value.Check(PresenceEventSchema, { type: 'other' })).toBe(false);
  });
});
