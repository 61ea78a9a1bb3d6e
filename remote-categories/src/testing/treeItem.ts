/** Matches the accessible name of the category tree's row titled `title` (its title, then what else the row shows). */
export const treeItemName = (title: string): RegExp => new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(, |$)`);
