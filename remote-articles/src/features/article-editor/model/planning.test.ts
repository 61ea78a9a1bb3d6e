import type { Planning } from 'contracts/schemas/desks';
import { planningBody, planningValues } from './planning';

const planning: Planning = {
  article_id: 5,
  planning_version: 3,
  desk_id: 1,
  stage_id: 2,
  assignees: [{ id: 7, name: 'Ola' }],
  deadline: '2030-05-01T10:00:00.000Z',
  planned_slot: null,
  target_words: 600,
  overdue: false,
  may_plan: true,
};

describe('planning values', () => {
  it('shows the instants as wall times of the user and sends them back as UTC', () => {
    const values = planningValues(planning, 'Europe/Berlin');
    expect(values).toEqual({ assignees: [7], deadline: '2030-05-01T12:00', plannedSlot: '', targetWords: 600 });
    expect(planningBody({ ...values, plannedSlot: '2030-05-01T18:30' }, 3, 'Europe/Berlin')).toEqual({
      planning_version: 3,
      assignees: [7],
      deadline: '2030-05-01T10:00:00Z',
      planned_slot: '2030-05-01T16:30:00Z',
      target_words: 600,
    });
  });

  it('sends none for an empty time and an empty or zero target', () => {
    const body = planningBody({ assignees: [], deadline: '', plannedSlot: 'nonsense', targetWords: 0 }, 1, 'UTC');
    expect(body).toEqual({ planning_version: 1, assignees: [], deadline: null, planned_slot: null, target_words: null });
    expect(planningBody({ assignees: [], deadline: '', plannedSlot: '', targetWords: null }, 1, 'UTC').target_words).toBeNull();
  });
});
