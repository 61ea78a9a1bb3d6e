// Scheduled publishing (issue 15): what counts as Scheduled, and what the job does with a due article.
import { dueChange, displayStateName, isPendingTime, isScheduled, parsePublishTime, scheduleAfterWrite } from './article-schedule';
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
  it('not once publish_up has come (the job publishes it)', () => {
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

describe('isPendingTime: a saved time waits for the job only when it is ahead', () => {
  it('ahead', () => expect(isPendingTime(new Date('2026-05-01T10:00:01Z'), NOW)).toBe(true));
  it('now or past', () => {
    expect(isPendingTime(NOW, NOW)).toBe(false);
    expect(isPendingTime(new Date('2020-01-01T00:00:00Z'), NOW)).toBe(false);
  });
  it('none', () => expect(isPendingTime(null, NOW)).toBe(false));
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

describe('scheduleAfterWrite: publishing by the clock is an approval made ahead', () => {
  const cases: Array<[boolean, 'save' | 'restore', boolean, 'arm' | 'withdraw' | 'keep']> = [
    // An approver's save accepts the time (a submitter's proposal included), changed or not.
    [true, 'save', true, 'arm'],
    [true, 'save', false, 'arm'],
    // An approver's restore changes no time.
    [true, 'restore', false, 'keep'],
    [true, 'restore', true, 'keep'],
    // Anyone else: a time they set, or an Unpublished article they brought back, is not acted on.
    [false, 'save', true, 'withdraw'],
    [false, 'restore', false, 'withdraw'],
    [false, 'restore', true, 'withdraw'],
    // Their save that leaves the time as it was keeps what an approver decided.
    [false, 'save', false, 'keep'],
  ];
  it.each(cases)('may approve %s, %s, publish_up changed %s → %s', (mayApprove, kind, publishUpChanged, mark) =>
    expect(scheduleAfterWrite({ mayApprove, kind, publishUpChanged })).toBe(mark),
  );
});
