import { moveRefusal, neighbourStage, stageNamesRefusal, worksOn, leaveRightOf, type StageRule } from 'contracts/rules/desks';

const stage = (id: number, deskId: number, leave: StageRule['leave_right'] = null): StageRule => ({
  id,
  desk_id: deskId,
  name: `Stage ${id}`,
  leave_right: leave,
});

describe('desk rules', () => {
  const reporter = { rights: ['create_article'], desks: [1] };
  const copyEditor = { rights: ['create_article', 'approve_article'], desks: [1] };
  const manager = { rights: ['manage_desks'], desks: [] };

  it('lets a member move between stages of their desk, onto it and off it', () => {
    expect(moveRefusal(stage(10, 1), stage(11, 1), reporter)).toBeNull();
    expect(moveRefusal(null, stage(11, 1), reporter)).toBeNull();
    expect(moveRefusal(stage(10, 1), null, reporter)).toBeNull();
  });

  it('refuses someone who does not work on the desk moved from or to', () => {
    expect(moveRefusal(stage(10, 1), stage(20, 2), reporter)).toEqual({ status: 403, code: 'desk_not_member', params: { desk: 2 } });
    expect(moveRefusal(stage(20, 2), stage(10, 1), reporter)).toEqual({ status: 403, code: 'desk_not_member', params: { desk: 2 } });
    expect(moveRefusal(stage(20, 2), stage(21, 2), manager)).toBeNull();
  });

  it('asks the leave right of the stage left, not of the stage entered', () => {
    const copy = stage(13, 1, 'approve_article');
    expect(moveRefusal(copy, stage(14, 1), reporter)).toEqual({
      status: 403,
      code: 'desk_stage_leave_right',
      params: { stage: 'Stage 13', right: 'approve_article' },
    });
    expect(moveRefusal(copy, null, reporter)?.code).toBe('desk_stage_leave_right');
    expect(moveRefusal(copy, stage(14, 1), copyEditor)).toBeNull();
    expect(moveRefusal(stage(12, 1), copy, reporter)).toBeNull();
  });

  it('treats staying in the same stage as no move', () => {
    expect(moveRefusal(stage(13, 1, 'approve_article'), stage(13, 1, 'approve_article'), { rights: [], desks: [] })).toBeNull();
    expect(moveRefusal(null, null, { rights: [], desks: [] })).toBeNull();
  });

  it('knows who works on a desk', () => {
    expect(worksOn(reporter, 1)).toBe(true);
    expect(worksOn(reporter, 2)).toBe(false);
    expect(worksOn(manager, 2)).toBe(true);
  });

  it('refuses a stage name given twice, in any case and spacing', () => {
    expect(stageNamesRefusal(['Pitch', 'Writing'])).toBeNull();
    expect(stageNamesRefusal(['Pitch', ' pitch '])).toEqual({ status: 400, code: 'desk_stage_duplicate', params: { name: 'pitch' } });
  });

  it('trusts only known right names as leave rights', () => {
    expect(leaveRightOf('approve_article')).toBe('approve_article');
    expect(leaveRightOf('copy_edit')).toBeNull();
    expect(leaveRightOf(null)).toBeNull();
  });

  it('finds the neighbouring stage, none beyond the ends', () => {
    const stages = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(neighbourStage(stages, 2, 1)).toEqual({ id: 3 });
    expect(neighbourStage(stages, 2, -1)).toEqual({ id: 1 });
    expect(neighbourStage(stages, 3, 1)).toBeNull();
    expect(neighbourStage(stages, 1, -1)).toBeNull();
    expect(neighbourStage(stages, 9, 1)).toBeNull();
  });
});
