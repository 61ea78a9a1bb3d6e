// A category tree of any size for tests: like `npm run seed -w api -- --categories N` (sections
// under the root 8, ten sub-sections each, the rest as leaves dealt round-robin to them).
import type { CategoryNode } from '../features/category-tree';

function node(id: number, title: string, parent: number | null, level: number): CategoryNode {
  return {
    id,
    title,
    alias: title.toLowerCase().replace(/\W+/g, '-'),
    colour: '#1677ff',
    parent_id: parent,
    level,
    leaf: true,
    selected: false,
    enabled: 1,
    subcategories: [],
  };
}

/** The root 8 with `count` categories below it (ids from 10,000). */
export function largeTree(count: number): CategoryNode[] {
  const root = node(8, 'Portal', null, 1);
  const sections = Math.min(count, Math.max(1, Math.ceil(count / 200)));
  const subCount = Math.min(count - sections, sections * 10);
  let id = 10_000;
  const sectionNodes = Array.from({ length: sections }, (_, index) => node(id++, `Section ${index + 1}`, 8, 2));
  const subNodes = Array.from({ length: subCount }, (_, index) => {
    const section = sectionNodes[index % sections] as CategoryNode;
    const sub = node(id++, `${section.title}.${Math.floor(index / sections) + 1}`, section.id, 3);
    section.subcategories.push(sub);
    return sub;
  });
  for (let index = 0; index < count - sections - subCount; index += 1) {
    const sub = subNodes[index % subCount] as CategoryNode;
    sub.subcategories.push(node(id++, `Leaf ${index + 1}`, sub.id, 4));
  }
  const mark = (current: CategoryNode): void => {
    current.leaf = current.subcategories.length === 0;
    current.subcategories.forEach(mark);
  };
  root.subcategories = sectionNodes;
  mark(root);
  return [root];
}
