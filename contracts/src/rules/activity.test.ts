import {
  idsOf,
  referencedIds,
  referenceKey,
  referenceKind,
  ACTIVITY_ACTIONS,
  ACTIVITY_ENTITIES,
  activityLink,
  clipChanges,
  clipText,
  diffFields,
  isActivityAction,
  isActivityEntity,
} from 'contracts/rules/activity';

describe('activity names', () => {
  it('each entity and action is named once', () => {
    expect(new Set(ACTIVITY_ENTITIES).size).toBe(ACTIVITY_ENTITIES.length);
    expect(new Set(ACTIVITY_ACTIONS).size).toBe(ACTIVITY_ACTIONS.length);
  });

  it.each(ACTIVITY_ENTITIES)('%s is an entity', (entity) => expect(isActivityEntity(entity)).toBe(true));
  it.each(ACTIVITY_ACTIONS)('%s is an action', (action) => expect(isActivityAction(action)).toBe(true));
  it.each([['Article'], [''], ['update'], [null], [1], [['article']]])('%p is not an entity', (value) => {
    expect(isActivityEntity(value)).toBe(false);
  });
  it.each([['Update'], [''], ['article'], [undefined], [0]])('%p is not an action', (value) => {
    expect(isActivityAction(value)).toBe(false);
  });
});

describe('diffFields', () => {
  const fields = ['title', 'state', 'tags'] as const;
  const a = { title: 'A', state: 5, tags: ['x', 'y'], other: 1 };

  it('keeps only the listed fields whose value moved, in the order listed', () => {
    expect(diffFields(a, { ...a, state: 1, other: 2 }, fields)).toEqual({ state: { from: 5, to: 1 } });
    expect(Object.keys(diffFields(a, { title: 'B', state: 1, tags: ['y', 'x'], other: 1 }, fields))).toEqual(['title', 'state', 'tags']);
  });

  it('compares lists and objects by value; every kind of empty is the same', () => {
    expect(diffFields(a, { ...a, tags: ['x', 'y'] }, fields)).toEqual({});
    expect(diffFields({ title: undefined }, { title: null }, ['title'])).toEqual({});
    for (const empty of [null, '', [], {}]) {
      for (const other of [null, '', [], {}, undefined]) expect(diffFields({ v: empty }, { v: other }, ['v'])).toEqual({});
    }
    expect(diffFields(null, { title: '', tags: [], state: 0 }, ['title', 'tags', 'state'])).toEqual({ state: { from: null, to: 0 } });
    expect(diffFields({ tags: [] }, { tags: ['x'] }, ['tags'])).toEqual({ tags: { from: [], to: ['x'] } });
  });

  it('a created record has every non-empty field from null; a deleted one to null', () => {
    expect(diffFields(null, a, fields)).toEqual({
      title: { from: null, to: 'A' },
      state: { from: null, to: 5 },
      tags: { from: null, to: ['x', 'y'] },
    });
    expect(diffFields(a, null, ['state'])).toEqual({ state: { from: 5, to: null } });
    expect(diffFields<typeof a>(null, null, fields)).toEqual({});
  });
});

describe('clipText / clipChanges', () => {
  it('cuts at the limit in characters (not UTF-16 units) and marks the cut', () => {
    expect(clipText('abc', 3)).toBe('abc');
    expect(clipText('abcd', 3)).toBe('abc…');
    expect(clipText('😀😀😀😀', 2)).toBe('😀😀…');
  });

  it('cuts only the texts of a change', () => {
    expect(clipChanges({ text: { from: 'abcdef', to: 'abc' }, state: { from: 1, to: 0 } }, 4)).toEqual({
      text: { from: 'abcd…', to: 'abc' },
      state: { from: 1, to: 0 },
    });
  });
});

describe('activityLink', () => {
  it.each([
    [{ entity: 'article', entity_id: 7, action: 'update' }, '/articles?edit=7'],
    [{ entity: 'article', entity_id: 7, action: 'delete' }, '/articles?edit=7'],
    [{ entity: 'article', entity_id: 7, action: 'purge' }, null],
    [{ entity: 'category', entity_id: 101, action: 'move' }, '/categories?category=101'],
    [{ entity: 'category', entity_id: 101, action: 'delete' }, null],
    [{ entity: 'importer', entity_id: 3, action: 'run' }, '/import/edit/3'],
    [{ entity: 'importer', entity_id: 3, action: 'delete' }, null],
    [{ entity: 'user', entity_id: 1, action: 'sign_in' }, null],
    [{ entity: 'tag', entity_id: 1, action: 'create' }, null],
    [{ entity: 'article', entity_id: null, action: 'update' }, null],
  ])('%p → %p', (entry, link) => expect(activityLink(entry)).toBe(link));
});

describe('records a change names by id', () => {
  it('categories and images by their fields, each id once; other fields name none', () => {
    const changes = {
      catid: { from: 804, to: 100 },
      topics: { from: [100, 101], to: [101, 102] },
      main_image: { from: null, to: 1 },
      images: { from: [1], to: [1, 2] },
      title: { from: 'A', to: 'B' },
      ordering: { from: 3, to: 4 },
    };
    expect(referencedIds(changes)).toEqual({ category: [804, 100, 101, 102], image: [1, 2] });
    expect(referenceKind('parent_id')).toBe('category');
    expect(referenceKind('title')).toBeNull();
    expect(referenceKey('category', 804)).toBe('category:804');
    expect(idsOf(['7', 0, 3.5, 9])).toEqual([9]);
  });
});
