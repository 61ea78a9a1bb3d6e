const { expect, it } = require('@jest/globals');
const { importCycles } = require('./import-cycles');

const graphOf = (edges) => new Map(Object.entries(edges));

it('finds no cycle in a tree', () => {
  expect(importCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
});

it('finds each cycle once, whatever its length', () => {
  const cycles = importCycles(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['e'], e: ['d'], f: ['a'] }));
  expect(cycles.map((c) => [...c].sort())).toEqual(
    expect.arrayContaining([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]),
  );
  expect(cycles).toHaveLength(2);
});
