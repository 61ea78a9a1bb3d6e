import { scheduleStatus } from './scheduleStatus';

const NOW = new Date('2026-05-01T10:00:00Z');
const AHEAD = '2026-05-02 08:00:00';
const LATER = '2026-05-03 08:00:00';

describe('scheduleStatus: what the editor says about the schedule', () => {
  it('Scheduled: Unpublished with a pending start (and its finish when that is pending too)', () => {
    expect(scheduleStatus({ state: 0, publish_up: AHEAD, publish_up_pending: true }, NOW)).toEqual({
      kind: 'scheduled',
      up: new Date('2026-05-02T08:00:00Z'),
      down: null,
    });
    expect(
      scheduleStatus({ state: 0, publish_up: AHEAD, publish_down: LATER, publish_up_pending: true, publish_down_pending: true }, NOW),
    ).toMatchObject({ kind: 'scheduled', down: new Date('2026-05-03T08:00:00Z') });
  });
  it('a start nobody scheduled is a request, on a draft, an awaiting or an Unpublished article', () => {
    for (const state of [5, 4, 0]) {
      expect(scheduleStatus({ state, publish_up: AHEAD, publish_up_pending: false }, NOW)).toMatchObject({ kind: 'requested' });
    }
    // No mark known: not said to be Scheduled.
    expect(scheduleStatus({ state: 0, publish_up: AHEAD }, NOW)).toMatchObject({ kind: 'requested' });
  });
  it('Published with a pending finish', () =>
    expect(scheduleStatus({ state: 1, publish_down: LATER, publish_down_pending: true }, NOW)).toMatchObject({ kind: 'publishedUntil' }));
  it('nothing else: no time, a past one, a published or trashed article', () => {
    expect(scheduleStatus({ state: 5, publish_up: '' }, NOW)).toEqual({ kind: 'none' });
    expect(scheduleStatus({ state: 5, publish_up: '2026-04-01 00:00:00' }, NOW)).toEqual({ kind: 'none' });
    expect(scheduleStatus({ state: 1, publish_up: AHEAD }, NOW)).toEqual({ kind: 'none' });
    expect(scheduleStatus({ state: -2, publish_up: AHEAD, publish_up_pending: true }, NOW)).toEqual({ kind: 'none' });
  });
});
