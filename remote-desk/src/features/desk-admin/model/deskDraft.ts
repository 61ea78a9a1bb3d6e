// A desk as its management form edits it: name, members and stages in board order, each stage with
// the right needed to move a story out of it. Pure: the form's moves (drag, keyboard) and the save body.
import type { Right } from 'contracts/rules/rights';
import { DEFAULT_STAGES, stageNamesRefusal } from 'contracts/rules/desks';
import type { CreateDeskBody, Desk, UpdateDeskBody } from 'contracts/schemas/desks';

export interface StageDraft {
  /** The stage's id when stored; new stages have none. */
  id?: number;
  /** Stable within the form (the row's key). */
  key: string;
  name: string;
  leave_right: Right | null;
}

/** The desk's own shape, with no id and version while new, members by id and the stages as drafts. */
export type DeskDraft = Pick<Desk, 'name'> & {
  id: Desk['id'] | null;
  version: Desk['version'] | null;
  members: number[];
  stages: StageDraft[];
};

let nextKey = 0;
const newKey = () => `new-${(nextKey += 1)}`;

export function draftOf(desk: Desk | null): DeskDraft {
  if (!desk) {
    return {
      id: null,
      version: null,
      name: '',
      members: [],
      stages: DEFAULT_STAGES.map((name) => ({ key: newKey(), name, leave_right: null })),
    };
  }
  return {
    id: desk.id,
    version: desk.version,
    name: desk.name,
    members: desk.members.map((member) => member.id),
    stages: desk.stages.map((stage) => ({ id: stage.id, key: `stage-${stage.id}`, name: stage.name, leave_right: stage.leave_right })),
  };
}

/** The stages with the one at `from` put at `to` (a drop, or a keyboard step); out of range: unchanged. */
export function moveStage(stages: readonly StageDraft[], from: number, to: number): StageDraft[] {
  if (from === to || from < 0 || to < 0 || from >= stages.length || to >= stages.length) return [...stages];
  const next = [...stages];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as StageDraft);
  return next;
}

export function addStage(stages: readonly StageDraft[]): StageDraft[] {
  return [...stages, { key: newKey(), name: '', leave_right: null }];
}

export function updateStage(
  stages: readonly StageDraft[],
  key: string,
  patch: Partial<Pick<StageDraft, 'name' | 'leave_right'>>,
): StageDraft[] {
  return stages.map((stage) => (stage.key === key ? { ...stage, ...patch } : stage));
}

export function removeStage(stages: readonly StageDraft[], key: string): StageDraft[] {
  return stages.filter((stage) => stage.key !== key);
}

/** Why the draft cannot be saved yet (a code of the form's texts), or null. The server checks the same and more. */
export function draftProblem(draft: DeskDraft): 'nameMissing' | 'stagesMissing' | 'stageNameMissing' | 'stageDuplicate' | null {
  if (draft.name.trim() === '') return 'nameMissing';
  if (draft.stages.length === 0) return 'stagesMissing';
  if (draft.stages.some((stage) => stage.name.trim() === '')) return 'stageNameMissing';
  if (stageNamesRefusal(draft.stages.map((stage) => stage.name))) return 'stageDuplicate';
  return null;
}

function stagesBody(draft: DeskDraft) {
  return draft.stages.map((stage) => ({
    ...(stage.id === undefined ? {} : { id: stage.id }),
    name: stage.name.trim(),
    leave_right: stage.leave_right,
  }));
}

export function createBody(draft: DeskDraft): CreateDeskBody {
  return { name: draft.name.trim(), stages: stagesBody(draft), members: [...draft.members] };
}

export function updateBody(draft: DeskDraft): UpdateDeskBody {
  return { version: draft.version ?? 1, name: draft.name.trim(), stages: stagesBody(draft), members: [...draft.members] };
}
