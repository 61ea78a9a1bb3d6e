import {
  dueForOverdue,
  inFlight,
  isOverdue,
  matchesPlanning,
  mayPlan,
  planningFilterRefusal,
  planningRefusal,
  quickFilter,
  QUICK_FILTERS,
  wordCount,
  type PlanningFacts,
} from 'contracts/rules/planning';

const NOW = new Date('2030-05-01T12:00:00Z');
const story = (overrides: Partial<PlanningFacts> = {}): PlanningFacts => ({
  assigneeIds: [],
  deskId: 1,
  stageId: 11,
  lastStageId: 15,
  deadline: null,
  flagged: false,
  ...overrides,
});

describe('planning rules', () => {
  it('counts a story in flight on a desk but not in its last stage, nor off the desks', () => {
    expect(inFlight(story())).toBe(true);
    expect(inFlight(story({ stageId: 15 }))).toBe(false);
    expect(inFlight(story({ deskId: null, stageId: null, lastStageId: null }))).toBe(false);
  });

  it('makes a story due for the overdue flag exactly when past its deadline, in flight and not flagged', () => {
    const deadlines = [null, new Date(NOW.getTime() - 1), NOW, new Date(NOW.getTime() + 1)];
    for (const deadline of deadlines) {
      for (const flagged of [false, true]) {
        for (const stageId of [11, 15]) {
          const facts = story({ deadline, flagged, stageId });
          const expected = deadline !== null && deadline.getTime() <= NOW.getTime() && !flagged && stageId !== 15;
          expect([deadline?.toISOString(), flagged, stageId, dueForOverdue(facts, NOW)]).toEqual([
            deadline?.toISOString(),
            flagged,
            stageId,
            expected,
          ]);
        }
      }
    }
  });

  it('shows a story overdue when flagged and still in flight', () => {
    expect(isOverdue(story({ flagged: true }))).toBe(true);
    expect(isOverdue(story({ flagged: true, stageId: 15 }))).toBe(false);
    expect(isOverdue(story({ flagged: false }))).toBe(false);
    expect(isOverdue(story({ flagged: true, deskId: null, stageId: null, lastStageId: null }))).toBe(false);
  });

  it('matches every planning filter, alone and together', () => {
    const mine = story({ assigneeIds: [7, 8], flagged: true });
    const other = story({ assigneeIds: [9], deskId: 2, stageId: 21, lastStageId: 25 });
    const nobody = story({ stageId: 12 });
    expect(matchesPlanning(mine, {})).toBe(true);
    expect([mine, other, nobody].map((each) => matchesPlanning(each, { assignee: 7 }))).toEqual([true, false, false]);
    expect([mine, other, nobody].map((each) => matchesPlanning(each, { unassigned: true }))).toEqual([false, false, true]);
    expect([mine, other, nobody].map((each) => matchesPlanning(each, { deskId: 1 }))).toEqual([true, false, true]);
    expect([mine, other, nobody].map((each) => matchesPlanning(each, { stageId: 12 }))).toEqual([false, false, true]);
    expect([mine, other, nobody].map((each) => matchesPlanning(each, { overdue: true }))).toEqual([true, false, false]);
    expect([mine, other, nobody].map((each) => matchesPlanning(each, { overdue: false }))).toEqual([false, true, true]);
    expect(matchesPlanning(mine, { assignee: 7, deskId: 1, stageId: 11, overdue: true })).toBe(true);
    expect(matchesPlanning(mine, { assignee: 7, deskId: 2 })).toBe(false);
  });

  it('turns each quick filter into its planning filter', () => {
    expect(QUICK_FILTERS.map((filter) => quickFilter(filter, 7))).toEqual([{ assignee: 7 }, { overdue: true }, { unassigned: true }]);
  });

  it('lets whoever may edit plan, and a desk worker who sees the story', () => {
    for (const mayEdit of [false, true]) {
      for (const maySee of [false, true]) {
        for (const worksOnItsDesk of [false, true]) {
          expect(mayPlan({ mayEdit, maySee, worksOnItsDesk })).toBe(mayEdit || (maySee && worksOnItsDesk));
        }
      }
    }
  });

  it('refuses a stage filter of another desk, an assignee who may not see, a slot before the deadline', () => {
    expect(planningFilterRefusal({ deskId: 1, stageDeskId: 2 })).toEqual({
      status: 400,
      code: 'planning_stage_not_on_desk',
      field: 'stage',
    });
    expect(planningFilterRefusal({ deskId: 1, stageDeskId: 1 })).toBeNull();
    expect(planningFilterRefusal({ stageDeskId: 2 })).toBeNull();
    expect(planningFilterRefusal({ deskId: 1 })).toBeNull();
    const deadline = new Date('2030-05-01T10:00:00Z');
    const sees = (id: number) => id !== 3;
    expect(planningRefusal({ assignees: [1, 3], deadline: null, plannedSlot: null }, sees)).toEqual({
      status: 400,
      code: 'planning_assignee_cannot_see',
      params: { id: 3 },
      field: 'assignees',
    });
    expect(planningRefusal({ assignees: [1], deadline, plannedSlot: new Date(deadline.getTime() - 1) }, sees)).toEqual({
      status: 400,
      code: 'planning_slot_before_deadline',
      field: 'planned_slot',
    });
    expect(planningRefusal({ assignees: [1], deadline, plannedSlot: deadline }, sees)).toBeNull();
    expect(planningRefusal({ assignees: [], deadline: null, plannedSlot: deadline }, sees)).toBeNull();
  });

  it('counts words of HTML: tags and entities are no words, punctuation alone is none', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('<p></p>')).toBe(0);
    expect(wordCount('<p>One two</p><p>three&nbsp;four.</p>')).toBe(4);
    expect(wordCount('Grüße — aus Köln, 2030!')).toBe(4);
    expect(wordCount('<img src="a b c">  ')).toBe(0);
  });
});
