import type { Desk } from 'contracts/schemas/desks';
import { addStage, createBody, draftOf, draftProblem, moveStage, removeStage, updateBody, updateStage } from './deskDraft';

const NEWS: Desk = {
  id: 1,
  name: 'News',
  version: 4,
  members: [{ id: 2, name: 'Eddie' }],
  stages: [
    { id: 11, name: 'Pitch', position: 1, leave_right: null },
    { id: 12, name: 'Copy', position: 2, leave_right: 'approve_article' },
    { id: 13, name: 'Ready', position: 3, leave_right: null },
  ],
};

describe('desk draft', () => {
  it('starts a new desk with the default stages and edits a stored one as it is', () => {
    const fresh = draftOf(null);
    expect(fresh.stages.map((stage) => stage.name)).toEqual(['Pitch', 'Writing', 'Editing', 'Copy', 'Ready']);
    expect(draftProblem(fresh)).toBe('nameMissing');
    expect(createBody({ ...fresh, name: ' Culture ', members: [3] })).toEqual({
      name: 'Culture',
      members: [3],
      stages: ['Pitch', 'Writing', 'Editing', 'Copy', 'Ready'].map((name) => ({ name, leave_right: null })),
    });
    const news = draftOf(NEWS);
    expect(updateBody(news)).toEqual({
      version: 4,
      name: 'News',
      members: [2],
      stages: [
        { id: 11, name: 'Pitch', leave_right: null },
        { id: 12, name: 'Copy', leave_right: 'approve_article' },
        { id: 13, name: 'Ready', leave_right: null },
      ],
    });
  });

  it('moves a stage to any place, and nowhere out of range', () => {
    const stages = draftOf(NEWS).stages;
    const names = (list: typeof stages) => list.map((stage) => stage.name);
    expect(names(moveStage(stages, 0, 2))).toEqual(['Copy', 'Ready', 'Pitch']);
    expect(names(moveStage(stages, 2, 0))).toEqual(['Ready', 'Pitch', 'Copy']);
    expect(names(moveStage(stages, 0, -1))).toEqual(['Pitch', 'Copy', 'Ready']);
    expect(names(moveStage(stages, 2, 3))).toEqual(['Pitch', 'Copy', 'Ready']);
  });

  it('adds, renames, sets a leave right on and removes stages; says what stops a save', () => {
    const news = draftOf(NEWS);
    const added = addStage(news.stages);
    expect(draftProblem({ ...news, stages: added })).toBe('stageNameMissing');
    const key = added.at(-1)?.key as string;
    const named = updateStage(added, key, { name: 'pitch', leave_right: 'manage_desks' });
    expect(draftProblem({ ...news, stages: named })).toBe('stageDuplicate');
    expect(updateBody({ ...news, stages: updateStage(named, key, { name: 'Web' }) }).stages?.at(-1)).toEqual({
      name: 'Web',
      leave_right: 'manage_desks',
    });
    expect(removeStage(named, key)).toHaveLength(3);
    expect(draftProblem({ ...news, stages: [] })).toBe('stagesMissing');
    expect(draftProblem(news)).toBeNull();
  });
});
