// Ordering among siblings: the pure rule (reorderSiblings, renumber) and
// POST /api/v2/portal/category/{id}/move (direction or position; the tree follows; refusals;
// manage_categories). The HTTP part runs on PGlite and PostgreSQL.
import { renumber, reorderSiblings } from '../src/domain/category-rules';
import { body, describeEachDatabase, type DemoUsername, expectError } from './helpers';

const siblings = [
  { id: 1, title: 'A' },
  { id: 2, title: 'B' },
  { id: 3, title: 'C' },
  { id: 4, title: 'D' },
];
const onlyChild = [{ id: 9, title: 'Only' }];

describe('reorderSiblings (pure)', () => {
  it.each([
    [2, { direction: 'up' } as const, [2, 1, 3, 4]],
    [3, { direction: 'up' } as const, [1, 3, 2, 4]],
    [1, { direction: 'down' } as const, [2, 1, 3, 4]],
    [3, { direction: 'down' } as const, [1, 2, 4, 3]],
    [3, { direction: 'first' } as const, [3, 1, 2, 4]],
    [2, { direction: 'last' } as const, [1, 3, 4, 2]],
    [1, { direction: 'first' } as const, [1, 2, 3, 4]],
    [4, { direction: 'last' } as const, [1, 2, 3, 4]],
    [1, { position: 3 }, [2, 3, 1, 4]],
    [4, { position: 1 }, [4, 1, 2, 3]],
    [2, { position: 4 }, [1, 3, 4, 2]],
    [2, { position: 2 }, [1, 2, 3, 4]],
  ])('moves %i by %j → %j', (id, move, expected) => {
    expect(reorderSiblings(siblings, id, move)).toEqual(expected);
  });

  it('a single child can go first/last or to position 1', () => {
    expect(reorderSiblings(onlyChild, 9, { direction: 'first' })).toEqual([9]);
    expect(reorderSiblings(onlyChild, 9, { position: 1 })).toEqual([9]);
  });

  it.each([
    ['a single child up', onlyChild, 9, 'up', 'category_already_first', '"Only" (9) is already the first under its parent'],
    ['a single child down', onlyChild, 9, 'down', 'category_already_last', '"Only" (9) is already the last under its parent'],
    ['the first up', siblings, 1, 'up', 'category_already_first', '"A" (1) is already the first under its parent'],
    ['the last down', siblings, 4, 'down', 'category_already_last', '"D" (4) is already the last under its parent'],
  ] as const)('refuses to move %s', (_case, children, id, direction, code, message) => {
    expect(reorderSiblings(children, id, { direction })).toMatchObject({ status: 400, code, message });
  });

  it.each([0, 5, -1, 1.5, Number.NaN])('refuses position %p outside 1…n', (position) => {
    expect(reorderSiblings(siblings, 2, { position })).toEqual({
      status: 400,
      code: 'category_position_range',
      params: { count: 4, position },
      message: `position must be from 1 to 4 (the number of categories under the same parent); got ${position}`,
    });
  });

  it('refuses an id that is not among the siblings', () => {
    expect(reorderSiblings(siblings, 7, { direction: 'up' })).toEqual({
      status: 404,
      code: 'category_not_among_siblings',
      params: { id: 7 },
      message: 'Category 7 not found among its siblings',
    });
  });

  it('does not change its input', () => {
    const input = siblings.map((sibling) => ({ ...sibling }));
    reorderSiblings(input, 1, { direction: 'last' });
    expect(input).toEqual(siblings);
  });
});

describe('renumber (pure)', () => {
  /** id → ordering, as a Map of numbers. */
  const orderings = (byId: Record<number, number>) => new Map(Object.entries(byId).map(([id, ordering]) => [Number(id), ordering]));

  // The order wanted, each id's ordering now, and the orderings to write (id → ordering), written in the order wanted.
  it.each([
    ['numbers 1…n and keeps only the rows whose ordering changes', [3, 1, 2], { 1: 1, 2: 2, 3: 3 }, { 3: 1, 1: 2, 2: 3 }],
    ['writes nothing when the order is already 1…n', [1, 2, 3], { 1: 1, 2: 2, 3: 3 }, {}],
    ['closes gaps and ties from older data', [5, 6, 7], { 5: 0, 6: 2, 7: 7 }, { 5: 1, 7: 3 }],
  ] as Array<[string, number[], Record<number, number>, Record<number, number>]>)('%s', (_name, order, current, written) => {
    const expected = order.filter((id) => id in written).map((id) => ({ id, ordering: written[id] }));
    expect(renumber(order, orderings(current))).toEqual(expected);
  });
});

interface Node {
  id: number;
  subcategories: Node[];
}

describeEachDatabase('category ordering', (ctx) => {
  const tokens = {} as Record<DemoUsername, string>;

  beforeAll(async () => {
    for (const user of ['admin', 'editor', 'submitter'] as const) tokens[user] = await ctx.login(user);
  });

  const move = (id: number | string, payload: Record<string, unknown> | string, user: DemoUsername | null = 'editor') =>
    ctx.inject({
      method: 'POST',
      url: `/api/v2/portal/category/${id}/move`,
      headers: {
        ...(user ? { authentication: tokens[user] } : {}),
        ...(typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload,
    });
  const childIds = async (parentId: number, includeDisabled = false): Promise<number[]> => {
    const response = await ctx.get(`/api/categories/tree${includeDisabled ? '?includeDisabled=1' : ''}`, tokens.submitter);
    const find = (nodes: Node[]): Node | undefined => {
      for (const node of nodes) {
        if (node.id === parentId) return node;
        const found = find(node.subcategories);
        if (found) return found;
      }
      return undefined;
    };
    return (find(body<Node[]>(response).data)?.subcategories ?? []).map((node) => node.id);
  };
  it('moves down and up one step; the tree lists the children in the new order', async () => {
    // World (101): Europe, Americas, Asia-Pacific, Africa.
    expect(await childIds(101)).toEqual([102, 103, 104, 105]);
    const down = await move(102, { direction: 'down' });
    expect(down.statusCode).toBe(200);
    expect(body(down)).toEqual({
      code: 200,
      message: 'Moved',
      data: expect.objectContaining({ id: 102, parent_id: 101, ordering: 2, level: 4 }),
    });
    expect(await childIds(101)).toEqual([103, 102, 104, 105]);
    expect(body(await move(105, { direction: 'up' })).data.ordering).toBe(3);
    expect(await childIds(101)).toEqual([103, 102, 105, 104]);
    // The stored orderings are 1…n.
    const rows = await ctx.app.db
      .selectFrom('categories')
      .select(['id', 'ordering'])
      .where('parent_id', '=', 101)
      .orderBy('ordering')
      .execute();
    expect(rows).toEqual([
      { id: 103, ordering: 1 },
      { id: 102, ordering: 2 },
      { id: 105, ordering: 3 },
      { id: 104, ordering: 4 },
    ]);
  });

  it('moves to either end and to a position (a form body too)', async () => {
    await move(104, { direction: 'first' });
    expect(await childIds(101)).toEqual([104, 103, 102, 105]);
    await move(104, { direction: 'last' });
    expect(await childIds(101)).toEqual([103, 102, 105, 104]);
    const response = await move(104, 'position=2');
    expect(body(response)).toEqual(expect.objectContaining({ code: 200, message: 'Moved' }));
    expect(await childIds(101)).toEqual([103, 104, 102, 105]);
    // Its own place again: no change, no error.
    expect((await move(104, { position: 2 })).statusCode).toBe(200);
    expect(await childIds(101)).toEqual([103, 104, 102, 105]);
  });

  it('reorders the main sections, 804 among them, and leaves other parents alone', async () => {
    const before = await childIds(8);
    expect(before).toContain(804);
    await move(804, { direction: 'first' });
    const after = await childIds(8);
    expect(after).toEqual([804, ...before.filter((id) => id !== 804)]);
    expect(await childIds(101)).toEqual([103, 104, 102, 105]);
  });

  it('counts disabled siblings (they keep their place while hidden)', async () => {
    const disabled = await ctx.inject({
      method: 'POST',
      url: '/api/v2/portal/category/103/disable',
      headers: { authentication: tokens.editor },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await childIds(101)).toEqual([104, 102, 105]);
    // 104 is second among all four, so "up" puts it before the hidden 103.
    await move(104, { direction: 'up' });
    expect(await childIds(101, true)).toEqual([104, 103, 102, 105]);
    await ctx.inject({ method: 'POST', url: '/api/v2/portal/category/103/enable', headers: { authentication: tokens.editor } });
  });

  it('a new category goes after the last sibling, and can then move', async () => {
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/v2/portal/category',
      headers: { authentication: tokens.editor },
      payload: { title: 'Oceania', parent_id: 101 },
    });
    const id = body<{ id: number }>(created).data.id;
    expect(await childIds(101)).toEqual([104, 103, 102, 105, id]);
    await move(id, { position: 1 });
    expect(await childIds(101)).toEqual([id, 104, 103, 102, 105]);
  });

  it('refuses a step past either end', async () => {
    const [first] = await childIds(101);
    const last = (await childIds(101)).at(-1);
    expectError(await move(first as number, { direction: 'up' }), 400, /is already the first under its parent/);
    expectError(await move(last as number, { direction: 'down' }), 400, /is already the last under its parent/);
  });

  it('refuses the root, a position outside 1…n, both or neither of direction and position', async () => {
    expectError(await move(8, { direction: 'down' }), 400, /"Portal" \(8\) is the root and has no siblings/);
    expectError(await move(102, { position: 6 }), 400, /^position must be from 1 to 5 .*got 6$/);
    expectError(await move(102, { position: 0 }), 400, /position/);
    expectError(await move(102, { direction: 'up', position: 1 }), 400, /Give either direction .* or position/);
    expectError(await move(102, {}), 400, /Give either direction .* or position/);
    expectError(await move(102, { direction: 'sideways' }), 400, /direction/);
    expectError(await move(102, { position: 'two' }), 400, /position/);
  });

  it('answers 404 for an unknown category, 400 for a bad id', async () => {
    expectError(await move(99999, { direction: 'up' }), 404, /Category 99999 not found/);
    expectError(await move('abc', { direction: 'up' }), 400, /id/);
  });

  it('needs a session and the right manage_categories', async () => {
    const before = await childIds(101);
    expectError(await move(102, { direction: 'up' }, null), 401, /Please sign in/);
    const refused = await move(102, { direction: 'up' }, 'submitter');
    expect({ status: refused.statusCode, code: body(refused).code, data: body(refused).data }).toEqual({
      status: 403,
      code: 403,
      data: { error: 'no_right', params: { right: 'manage_categories' } },
    });
    expect(body(refused).message).toMatch(/manage_categories|not allowed|right/i);
    expect(await childIds(101)).toEqual(before);
    expect((await move(102, { direction: 'first' }, 'admin')).statusCode).toBe(200);
  });
});
