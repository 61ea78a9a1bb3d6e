// Pure rules of category management (spec sections 3, 4 and 9): aliases, colours, levels, moves.
import { MAX_CATEGORY_LEVEL, ROOT_CATEGORY_ID, ROOT_CATEGORY_LEVEL } from 'contracts/rules/categories';
import { apiErrorMessage, type ApiErrorCode, type ApiErrorDetail, type ApiErrorParams } from '../lib/api-errors';
import type { CategoryRecord, CategoryType } from 'contracts/schemas/categories';

// The root (8), Local (804), the main categories and the levels are contracts/rules/categories.

export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export type { CategoryType };

/** The kinds of category, by level (GET /api/v2/categories/types). The root is not one that can be created. */
export const CATEGORY_TYPES: readonly CategoryType[] = [
  {
    id: 'section',
    title: 'Section',
    level: 2,
    description: 'A main category: a child of Portal (8). The children of Local (804) count as main categories too.',
  },
  { id: 'sub-section', title: 'Sub-section', level: 3, description: 'A child of a section.' },
  { id: 'leaf', title: 'Leaf', level: 4, description: 'The deepest level: a child of a sub-section. It can have no children.' },
];

/** The type id of a category at `level` ('root' for level 1). */
export function typeOfLevel(level: number): CategoryType['id'] {
  if (level <= ROOT_CATEGORY_LEVEL) return 'root';
  return CATEGORY_TYPES.find((type) => type.level === level)?.id ?? 'leaf';
}

/** An alias from a text: lowercase, diacritics stripped, every run of other characters → '-'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o')
    .replace(/œ/gi, 'oe')
    .replace(/đ/gi, 'd')
    .replace(/ł/gi, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface Link {
  id: number;
  parent_id: number | null;
  title: string;
}

/** The tree's shape: parent by id, children by id. */
export class Shape {
  private readonly byId = new Map<number, Link>();
  private readonly children = new Map<number, number[]>();

  constructor(links: readonly Link[]) {
    for (const link of links) this.byId.set(link.id, link);
    for (const link of links) {
      if (link.parent_id === null) continue;
      const list = this.children.get(link.parent_id) ?? [];
      list.push(link.id);
      this.children.set(link.parent_id, list);
    }
  }

  get(id: number): Link | undefined {
    return this.byId.get(id);
  }

  /** The ids from `id` up to its top (both included); stops at a cycle or a missing parent. */
  ancestry(id: number): number[] {
    const path: number[] = [];
    const seen = new Set<number>();
    let current: number | null = id;
    while (current !== null && this.byId.has(current) && !seen.has(current)) {
      seen.add(current);
      path.push(current);
      current = this.byId.get(current)?.parent_id ?? null;
    }
    return path;
  }

  /** Level of a category in the root's tree (root = 1), or null when it is not below the root. */
  level(id: number): number | null {
    const path = this.ancestry(id);
    return path[path.length - 1] === ROOT_CATEGORY_ID ? path.length : null;
  }

  /** Whether `id` is `ancestorId` or lies below it. */
  isWithin(id: number, ancestorId: number): boolean {
    return this.ancestry(id).includes(ancestorId);
  }

  /** Levels below the category (0 for one without children). */
  height(id: number, seen = new Set<number>()): number {
    seen.add(id);
    let height = 0;
    for (const child of this.children.get(id) ?? []) {
      if (seen.has(child)) continue;
      height = Math.max(height, 1 + this.height(child, seen));
    }
    return height;
  }

  childCount(id: number): number {
    return (this.children.get(id) ?? []).length;
  }
}

/** A refused change: its status and catalogue code (with parameters), and the code's English message. */
export type Refusal = { status: number; message: string } & ApiErrorDetail;

function refusal(status: number, code: ApiErrorCode, params?: ApiErrorParams): Refusal {
  return { status, code, ...(params ? { params } : {}), message: apiErrorMessage(code, params) };
}

const named = (link: { title: string } | undefined, id: number) => (link ? `"${link.title}" (${id})` : `${id}`);

/**
 * Whether the category `id` (undefined for a new one) may sit under `parentId`. Checks: the parent
 * exists and lies below the root, a category is not put under itself or a descendant, and the
 * deepest category of the moved subtree stays at level 4 at most.
 */
export function checkPlacement(shape: Shape, id: number | undefined, parentId: number): Refusal | null {
  const parent = shape.get(parentId);
  if (!parent) return refusal(400, 'parent_category_missing', { id: parentId });
  if (id !== undefined && shape.isWithin(parentId, id)) {
    return parentId === id
      ? refusal(400, 'category_own_parent')
      : refusal(400, 'category_under_descendant', { parent: named(parent, parentId), category: named(shape.get(id), id) });
  }
  const parentLevel = shape.level(parentId);
  if (parentLevel === null) return refusal(400, 'parent_category_not_in_portal', { parent: named(parent, parentId) });
  const height = id === undefined ? 0 : shape.height(id);
  const deepest = parentLevel + 1 + height;
  if (deepest > MAX_CATEGORY_LEVEL) {
    return refusal(400, height === 0 ? 'category_too_deep' : 'category_children_too_deep', { parent: named(parent, parentId) });
  }
  return null;
}

/** Where POST /api/v2/portal/category/{id}/move puts a category among its siblings. */
export type SiblingMove = { direction: 'up' | 'down' | 'first' | 'last' } | { position: number };

/** A sibling category as the reordering reads it. */
export type SiblingLink = Pick<CategoryRecord, 'id' | 'title'>;

/**
 * The sibling ids in their new order after moving `id` (siblings given in tree order, the moved one
 * included), or a refusal: an unknown id, a position outside 1…n, or a move past either end
 * (up on the first, down on the last). Moving to the place it already has ("first" on the first,
 * its own position) is no change, not an error: the caller then writes nothing.
 */
export function reorderSiblings(siblings: readonly SiblingLink[], id: number, move: SiblingMove): number[] | Refusal {
  const ids = siblings.map((sibling) => sibling.id);
  const from = ids.indexOf(id);
  if (from < 0) return refusal(404, 'category_not_among_siblings', { id });
  const self = siblings[from] as SiblingLink;
  const last = ids.length - 1;
  let to: number;
  if ('position' in move) {
    if (!Number.isSafeInteger(move.position) || move.position < 1 || move.position > ids.length) {
      return refusal(400, 'category_position_range', { count: ids.length, position: move.position });
    }
    to = move.position - 1;
  } else if (move.direction === 'up') {
    if (from === 0) return refusal(400, 'category_already_first', { category: named(self, id) });
    to = from - 1;
  } else if (move.direction === 'down') {
    if (from === last) return refusal(400, 'category_already_last', { category: named(self, id) });
    to = from + 1;
  } else to = move.direction === 'first' ? 0 : last;
  const next = ids.filter((other) => other !== id);
  next.splice(to, 0, id);
  return next;
}

/** New `ordering` values (1…n in the given order) for the ids whose value changes. */
export function renumber(order: readonly number[], current: ReadonlyMap<number, number>): Array<{ id: number; ordering: number }> {
  return order.map((id, index) => ({ id, ordering: index + 1 })).filter((row) => current.get(row.id) !== row.ordering);
}
