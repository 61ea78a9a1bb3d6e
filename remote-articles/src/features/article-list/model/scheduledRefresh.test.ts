import { AFTER_DUE_MS, LONGEST_WAIT_MS, nextScheduleCheck, RETRY_FOR_MS, RETRY_MS } from './scheduledRefresh';

const NOW = Date.parse('2026-05-01T10:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

describe('nextScheduleCheck: the list asks again when a row on it is due to change', () => {
  it('a Scheduled row: just after its publish_up', () =>
    expect(nextScheduleCheck([{ state: 0, publish_up: at(30_000) }], NOW)).toBe(30_000 + AFTER_DUE_MS));
  it('a Published row: just after its publish_down', () =>
    expect(nextScheduleCheck([{ state: 1, publish_up: at(-60_000), publish_down: at(10_000) }], NOW)).toBe(10_000 + AFTER_DUE_MS));
  it('the earliest of several rows', () =>
    expect(
      nextScheduleCheck(
        [
          { state: 0, publish_up: at(90_000) },
          { state: 1, publish_down: at(20_000) },
          { state: 0, publish_up: at(50_000) },
        ],
        NOW,
      ),
    ).toBe(20_000 + AFTER_DUE_MS));
  it('a row whose time has just come but that the job has not changed yet: again shortly', () =>
    expect(nextScheduleCheck([{ state: 0, publish_up: at(-3000) }], NOW)).toBe(RETRY_MS));
  it('not for a publish_up no approver saved (the job will not act on it)', () =>
    expect(nextScheduleCheck([{ state: 0, publish_up: at(30_000), publish_up_pending: false }], NOW)).toBeNull());
  it('not for times long past (old rows, or a job that is off)', () =>
    expect(nextScheduleCheck([{ state: 0, publish_up: at(-RETRY_FOR_MS - 1) }], NOW)).toBeNull());
  it.each([
    [{ state: 5, publish_up: at(30_000) }],
    [{ state: 4, publish_up: at(30_000) }],
    [{ state: -2, publish_down: at(30_000) }],
    [{ state: 0, publish_down: at(30_000) }],
    [{ state: 1, publish_up: at(30_000) }],
    [{ state: 0, publish_up: null }],
    [{ state: 0 }],
    [{ state: 0, publish_up: '0000-00-00 00:00:00' }],
  ])('never for rows the job does not change: %p', (row) => expect(nextScheduleCheck([row], NOW)).toBeNull());
  it('an empty page', () => expect(nextScheduleCheck([], NOW)).toBeNull());
  it('waits at most an hour in one go', () =>
    expect(nextScheduleCheck([{ state: 0, publish_up: at(5 * 24 * 3600_000) }], NOW)).toBe(LONGEST_WAIT_MS));
});
