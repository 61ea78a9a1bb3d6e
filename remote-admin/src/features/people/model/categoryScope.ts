import type { CategoryNode } from 'contracts/schemas/categories';

/** A category tree node as antd's TreeSelect takes it. */
export interface ScopeOption {
  value: number;
  title: string;
  children?: ScopeOption[];
}

/** The tree as TreeSelect options (every node selectable: choosing one takes its whole subtree). */
export function scopeOptions(nodes: readonly CategoryNode[]): ScopeOption[] {
  return nodes.map((node) => {
    const children = scopeOptions(node.subcategories ?? []);
    return children.length ? { value: node.id, title: node.title, children } : { value: node.id, title: node.title };
  });
}

/** Every category's title by id (the Roles list names a scope's categories). */
export function categoryTitles(nodes: readonly CategoryNode[], into = new Map<number, string>()): Map<number, string> {
  for (const node of nodes) {
    into.set(node.id, node.title);
    categoryTitles(node.subcategories ?? [], into);
  }
  return into;
}

/** The scope as the roles list shows it: everywhere (null), nowhere ([]), or the titles of its categories. */
export type ScopeSummary = { kind: 'everywhere' } | { kind: 'nowhere' } | { kind: 'categories'; titles: string[] };

export function scopeSummary(scope: readonly number[] | null, titles: ReadonlyMap<number, string>): ScopeSummary {
  if (scope === null) return { kind: 'everywhere' };
  if (scope.length === 0) return { kind: 'nowhere' };
  return { kind: 'categories', titles: scope.map((id) => titles.get(id) ?? `#${id}`) };
}
