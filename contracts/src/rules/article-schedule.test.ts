// Scheduled publishing (issue 15): what counts as Scheduled, and what the job does with a due article.
import {
  dueChange,
  displayStateName,
  isScheduled,
  parsePublishTime,
  scheduleAfterWrite,
  scheduleApplies,
  scheduleRefusal,
  type ScheduleWrite,
} from './article-schedule';
import { iconKindOf, statusFilterName, STATUS_FILTER_VALUES, SCHEDULED_STATE_FILTER, stateLabels } from './article-state';

const NOW = new Date('2026-05-01T10:00:00.000Z');

describe('parsePublishTime: UTC, ISO or the editor format', () => {
  it.each([
    ['2026-05-01T10:30:00.000Z', '2026-05-01T10:30:00.000Z'],
    ['2026-05-01 10:30:00', '2026-05-01T10:30:00.000Z'],
    ['2026-05-01 10:30', '2026-05-01T10:30:00.000Z'],
    [' 2026-05-01 10:30:05 ', '2026-05-01T10:30:05.000Z'],
    ['2026-05-01T12:30:00+02:00', '2026-05-01T10:30:00.000Z'],
  ])('%p → %s', (value, iso) => expect(parsePublishTime(value)?.toISOString()).toBe(iso));
  it.each([null, undefined, '', '  ', '0000-00-00 00:00:00', '1970-01-01 00:00:00', 'soon', '2026-13-45 99:99:99'])('%p is none', (value) =>
    expect(parsePublishTime(value)).toBeNull(),
  );
});

describe('isScheduled: Unpublished with publish_up ahead', () => {
  it('an Unpublished article whose publish_up is ahead', () => {
    expect(isScheduled({ state: 0, publish_up: '2026-05-01T10:00:01.000Z' }, NOW)).toBe(true);
    expect(isScheduled({ state: '0', publish_up: '2026-06-01 00:00:00' }, NOW)).toBe(true);
  });
  it('a known mark decides: pending is Scheduled until the job acts (also just after its time), not pending is not', () => {
    expect(isScheduled({ state: 0, publish_up: '2026-04-01 00:00:00', publish_up_pending: true }, NOW)).toBe(true);
    expect(isScheduled({ state: 0, publish_up: '', publish_up_pending: true }, NOW)).toBe(false);
  });
  it('without a known mark, not once publish_up has come', () => {
    expect(isScheduled({ state: 0, publish_up: '2026-05-01T10:00:00.000Z' }, NOW)).toBe(false);
    expect(isScheduled({ state: 0, publish_up: '2026-04-01 00:00:00' }, NOW)).toBe(false);
  });
  it('not without publish_up', () => {
    expect(isScheduled({ state: 0, publish_up: '' }, NOW)).toBe(false);
    expect(isScheduled({ state: 0, publish_up: null }, NOW)).toBe(false);
    expect(isScheduled({ state: 0 }, NOW)).toBe(false);
  });
  it('not when no approver saved the time (the job will not act on it); a known pending mark keeps it Scheduled', () => {
    expect(isScheduled({ state: 0, publish_up: '2026-06-01 00:00:00', publish_up_pending: false }, NOW)).toBe(false);
    expect(isScheduled({ state: 0, publish_up: '2026-06-01 00:00:00', publish_up_pending: true }, NOW)).toBe(true);
  });
  it.each([1, 4, 5, -2, 3, null])('never in state %p (drafts and articles awaiting approval keep the workflow)', (state) =>
    expect(isScheduled({ state, publish_up: '2026-06-01 00:00:00' }, NOW)).toBe(false),
  );
});

describe('displayStateName and the row icon', () => {
  it('Scheduled has its own name and icon', () => {
    const name = displayStateName({ state: 0, publish_up: '2026-06-01 00:00:00' }, NOW);
    expect(name).toBe('scheduled');
    expect(iconKindOf(name)).toBe('scheduled');
  });
  it.each([
    [0, 'unpublished', 'other'],
    [1, 'published', 'published'],
    [4, 'awaitingApproval', 'awaiting'],
    [5, 'draft', 'draft'],
    [-2, 'trash', 'trash'],
    [7, 'other', 'other'],
  ])('otherwise the state: %p → %s (%s icon)', (state, name, icon) => {
    expect(displayStateName({ state, publish_up: '2026-04-01 00:00:00' }, NOW)).toBe(name);
    expect(iconKindOf(displayStateName({ state }, NOW))).toBe(icon);
  });
  it('has English and German labels', () => {
    expect(stateLabels('en').scheduled).toBe('Scheduled');
    expect(stateLabels('de').scheduled).toBe('Geplant');
  });
});

describe('the status filter offers Scheduled', () => {
  it('after Published, each value with its own label', () => {
    expect(STATUS_FILTER_VALUES).toEqual([0, 1, SCHEDULED_STATE_FILTER, 4, 5, -2, -1]);
    expect(SCHEDULED_STATE_FILTER).toBe(-3);
    const names = STATUS_FILTER_VALUES.map(statusFilterName);
    expect(names).toEqual(['unpublished', 'published', 'scheduled', 'awaitingApproval', 'draft', 'trash', 'other']);
  });
  it.each([
    ['-3', 'scheduled'],
    [-1, 'other'],
    [42, 'other'],
    ['x', 'other'],
  ])('%p → %s', (value, name) => expect(statusFilterName(value)).toBe(name));
});

describe('dueChange: what the job does with a due article', () => {
  it('publishes an Unpublished article at publish_up', () =>
    expect(dueChange({ state: 0, upDue: true, downDue: false })).toEqual({ from: 0, to: 1, actions: ['publish'] }));
  it('unpublishes a Published article at publish_down', () =>
    expect(dueChange({ state: 1, upDue: false, downDue: true })).toEqual({ from: 1, to: 0, actions: ['unpublish'] }));
  it('both due at once (the job was away): it went out and came down, nothing is written', () =>
    expect(dueChange({ state: 0, upDue: true, downDue: true })).toEqual({ from: 0, to: null, actions: ['publish', 'unpublish'] }));
  it('publish_up of an article already Published changes nothing', () =>
    expect(dueChange({ state: 1, upDue: true, downDue: false })).toEqual({ from: 1, to: null, actions: [] }));
  it('publish_up and publish_down of a Published article: unpublished', () =>
    expect(dueChange({ state: 1, upDue: true, downDue: true })).toEqual({ from: 1, to: 0, actions: ['unpublish'] }));
  it.each([4, 5, -2, 3])('never moves state %p (approval workflow, trash, other)', (state) => {
    expect(dueChange({ state, upDue: true, downDue: false })).toEqual({ from: state, to: null, actions: [] });
    expect(dueChange({ state, upDue: false, downDue: true })).toEqual({ from: state, to: null, actions: [] });
    expect(dueChange({ state, upDue: true, downDue: true })).toEqual({ from: state, to: null, actions: [] });
  });
  it('publish_down of an Unpublished article changes nothing', () =>
    expect(dueChange({ state: 0, upDue: false, downDue: true })).toEqual({ from: 0, to: null, actions: [] }));
  it('nothing due: nothing', () =>
    expect(dueChange({ state: 0, upDue: false, downDue: false })).toEqual({ from: 0, to: null, actions: [] }));
});

describe("scheduleAfterWrite: the clock acts only on an approver's decision", () => {
  it("every manual state change withdraws publish_up; an approver's publish arms publish_down", () => {
    for (const mayApprove of [true, false]) {
      for (const to of [0, 1, 4, 5, -2]) {
        expect(scheduleAfterWrite({ kind: 'state', mayApprove, to })).toEqual({
          up: 'withdraw',
          down: to === 1 && mayApprove ? 'arm' : 'withdraw',
        });
      }
    }
  });

  const save = (fields: Partial<Extract<ScheduleWrite, { kind: 'save' }>>): ScheduleWrite => ({
    kind: 'save',
    mayApprove: false,
    contentChanged: false,
    publishUpChanged: false,
    publishDownChanged: false,
    scheduled: true,
    published: false,
    ...fields,
  });
  it('a content change by a user without approve_article withdraws a schedule; no change keeps it', () => {
    expect(scheduleAfterWrite(save({ contentChanged: true })).up).toBe('withdraw');
    expect(scheduleAfterWrite(save({ contentChanged: true, publishUpChanged: true })).up).toBe('withdraw');
    expect(scheduleAfterWrite(save({})).up).toBe('keep');
    expect(scheduleAfterWrite(save({ contentChanged: true, publishDownChanged: true })).down).toBe('withdraw');
    expect(scheduleAfterWrite(save({ contentChanged: true })).down).toBe('keep');
  });
  it("an approver's save keeps a schedule, moves it with a new time, and never schedules by itself", () => {
    expect(scheduleAfterWrite(save({ mayApprove: true, contentChanged: true }))).toEqual({ up: 'keep', down: 'keep' });
    expect(scheduleAfterWrite(save({ mayApprove: true, contentChanged: true, publishUpChanged: true })).up).toBe('arm');
    expect(scheduleAfterWrite(save({ mayApprove: true, contentChanged: true, publishUpChanged: true, scheduled: false })).up).toBe('keep');
    expect(scheduleAfterWrite(save({ mayApprove: true, publishDownChanged: true, scheduled: false, published: true })).down).toBe('arm');
    expect(scheduleAfterWrite(save({ mayApprove: true, publishDownChanged: true, scheduled: false })).down).toBe('keep');
  });
});

describe("scheduleRefusal: Schedule is an approver's action on a draft, an awaiting or an Unpublished article", () => {
  const ahead = new Date('2026-05-02T10:00:00Z');
  const facts = { state: 5, mayApprove: true, publishUp: ahead, publishDown: null, now: NOW };
  it.each([5, 4, 0])('state %p with a time ahead: allowed', (state) => {
    expect(scheduleRefusal({ ...facts, state })).toBeNull();
    expect(scheduleApplies(state)).toBe(true);
  });
  it.each([1, -2, 3])('state %p: refused with its state', (state) => {
    expect(scheduleRefusal({ ...facts, state })).toEqual({ ok: false, status: 409, code: 'schedule_state', params: { state } });
    expect(scheduleApplies(state)).toBe(false);
  });
  it('without approve_article: refused', () =>
    expect(scheduleRefusal({ ...facts, mayApprove: false })).toMatchObject({ status: 403, code: 'no_right' }));
  it('a time that is not ahead, or none: refused', () => {
    expect(scheduleRefusal({ ...facts, publishUp: NOW })).toMatchObject({ status: 400, code: 'schedule_time_not_ahead' });
    expect(scheduleRefusal({ ...facts, publishUp: null })).toMatchObject({ status: 400, code: 'schedule_time_not_ahead' });
  });
  it('a finish before the start: refused', () =>
    expect(scheduleRefusal({ ...facts, publishDown: NOW })).toMatchObject({ status: 400, code: 'publish_down_before_up' }));
});
