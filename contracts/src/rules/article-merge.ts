/**
 * The three-way merge of a stale save: base = the version the editor opened, theirs = the article as
 * it is now, mine = the editor's form. Pure, shared by the editor (which merges and shows what is
 * left) and the tests that pin the rule:
 * - a field changed on one side only takes that side's value;
 * - a field both sides changed to the same value takes it;
 * - a text field both sides changed merges word by word when their changes touch different words
 *   (HTML tags count as words of their own, so two paragraphs merge as two separate places);
 * - anything else is a conflict: nothing is decided for the user, nothing overwritten unseen.
 * Without a base (the opened version is no longer known) every field the two sides disagree on is a conflict.
 */
import { diffArrays } from 'diff';
import { sameValue } from './revision-diff';

/** The words of a text for merging: HTML tags, runs of white space and the words between them. */
export function mergeTokens(text: string): string[] {
  return text.match(/<[^>]*>|\s+|[^\s<]+|</g) ?? [];
}

/** One side's change of the base: the tokens [start, end) of the base replaced by `insert`. */
interface Hunk {
  start: number;
  end: number;
  insert: string[];
}

function hunksOf(base: string[], side: string[]): Hunk[] {
  const hunks: Hunk[] = [];
  let position = 0;
  let open: Hunk | null = null;
  for (const change of diffArrays(base, side)) {
    const count = change.count ?? change.value.length;
    if (!change.added && !change.removed) {
      if (open) hunks.push(open);
      open = null;
      position += count;
      continue;
    }
    open ??= { start: position, end: position, insert: [] };
    if (change.removed) {
      position += count;
      open.end = position;
    } else open.insert.push(...change.value);
  }
  if (open) hunks.push(open);
  return hunks;
}

const sameHunk = (a: Hunk, b: Hunk) => a.start === b.start && a.end === b.end && a.insert.join('') === b.insert.join('');

/**
 * Two changes touch the same words: their ranges overlap, or they start at the same place (two
 * insertions there could go in either order, an insertion before a replacement is ambiguous too).
 */
function overlaps(a: Hunk, b: Hunk): boolean {
  return a.start === b.start || (a.start < b.end && b.start < a.end);
}

export type TextMerge = { merged: true; value: string } | { merged: false };

/** Merges two edits of one text at word level; not merged when they touch the same words. */
export function mergeText(base: string, mine: string, theirs: string): TextMerge {
  if (mine === theirs) return { merged: true, value: mine };
  if (base === mine) return { merged: true, value: theirs };
  if (base === theirs) return { merged: true, value: mine };
  const baseTokens = mergeTokens(base);
  const mineHunks = hunksOf(baseTokens, mergeTokens(mine));
  const theirHunks = hunksOf(baseTokens, mergeTokens(theirs));
  const all: Hunk[] = [...mineHunks];
  for (const hunk of theirHunks) {
    const clashes = mineHunks.filter((other) => overlaps(hunk, other));
    if (clashes.length === 0) all.push(hunk);
    else if (!clashes.every((other) => sameHunk(hunk, other))) return { merged: false };
  }
  all.sort((a, b) => a.start - b.start || a.end - b.end);
  const out: string[] = [];
  let position = 0;
  for (const hunk of all) {
    out.push(...baseTokens.slice(position, hunk.start), ...hunk.insert);
    position = hunk.end;
  }
  out.push(...baseTokens.slice(position));
  return { merged: true, value: out.join('') };
}

/** How a field came out of the merge. */
export type MergeDecision = 'same' | 'mine' | 'theirs' | 'merged' | 'conflict';

export interface MergeConflict<F extends string> {
  field: F;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface MergeOutcome<F extends string> {
  /** The value of every field that is not a conflict. */
  values: Partial<Record<F, unknown>>;
  decisions: Record<F, MergeDecision>;
  /** The fields left to the user, in `fields` order. */
  conflicts: MergeConflict<F>[];
}

export interface MergeInput<F extends string> {
  /** The opened version; null when it is not known (every disagreement is then a conflict). */
  base: Readonly<Record<F, unknown>> | null;
  mine: Readonly<Record<F, unknown>>;
  theirs: Readonly<Record<F, unknown>>;
  fields: readonly F[];
  /** Fields holding text (plain or HTML) that may merge word by word. */
  textFields: readonly F[];
  /** What of a value counts when comparing (e.g. the ids of a list of objects); the value itself by default. */
  compareAs?(field: F, value: unknown): unknown;
}

function decide<F extends string>(input: MergeInput<F>, field: F): { decision: MergeDecision; value?: unknown } {
  const view = (value: unknown) => (input.compareAs ? input.compareAs(field, value) : value);
  const mine = input.mine[field];
  const theirs = input.theirs[field];
  if (sameValue(view(mine), view(theirs))) return { decision: 'same', value: mine };
  if (input.base === null) return { decision: 'conflict' };
  const base = input.base[field];
  if (sameValue(view(base), view(mine))) return { decision: 'theirs', value: theirs };
  if (sameValue(view(base), view(theirs))) return { decision: 'mine', value: mine };
  if (input.textFields.includes(field) && typeof base === 'string' && typeof mine === 'string' && typeof theirs === 'string') {
    const text = mergeText(base, mine, theirs);
    if (text.merged) return { decision: 'merged', value: text.value };
  }
  return { decision: 'conflict' };
}

/** The three-way merge of a form, field by field (see the module's comment for the rule). */
export function mergeFields<F extends string>(input: MergeInput<F>): MergeOutcome<F> {
  const values: Partial<Record<F, unknown>> = {};
  const decisions = {} as Record<F, MergeDecision>;
  const conflicts: MergeConflict<F>[] = [];
  for (const field of input.fields) {
    const { decision, value } = decide(input, field);
    decisions[field] = decision;
    if (decision === 'conflict') {
      conflicts.push({ field, base: input.base?.[field], mine: input.mine[field], theirs: input.theirs[field] });
    } else values[field] = value;
  }
  return { values, decisions, conflicts };
}
