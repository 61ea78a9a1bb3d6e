// Which two revisions the History panel compares: the user ticks up to two; a third tick drops the
// one ticked first. The comparison always reads older → newer (by revision id), whatever the order ticked.

export function toggleChoice(chosen: readonly number[], id: number): number[] {
  if (chosen.includes(id)) return chosen.filter((item) => item !== id);
  return [...chosen, id].slice(-2);
}

/** The pair in time order (older first), or null until two are chosen. */
export function comparedPair(chosen: readonly number[]): [number, number] | null {
  if (chosen.length !== 2) return null;
  const [a, b] = chosen as [number, number];
  return a < b ? [a, b] : [b, a];
}
