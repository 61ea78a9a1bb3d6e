import { DEFAULT_STAGES } from 'contracts/rules/desks';
import type { Right } from 'contracts/rules/rights';

/** A demo desk: fixed ids (the seed is idempotent), its members by username, how many demo stories it gets. */
export interface DemoDesk {
  id: number;
  name: string;
  stages: Array<{ id: number; name: string; leave_right: Right | null }>;
  members: string[];
  stories: number;
}

/** Only copy editors (approvers, in the demo) move a story out of Copy. */
const stagesFrom = (firstId: number) =>
  DEFAULT_STAGES.map((name, index) => ({ id: firstId + index, name, leave_right: name === 'Copy' ? ('approve_article' as const) : null }));

export const DEMO_DESKS: DemoDesk[] = [
  { id: 1, name: 'News', stages: stagesFrom(1), members: ['editor', 'approver', 'submitter'], stories: 15 },
  { id: 2, name: 'Sport', stages: stagesFrom(6), members: ['editor', 'approver'], stories: 0 },
];
