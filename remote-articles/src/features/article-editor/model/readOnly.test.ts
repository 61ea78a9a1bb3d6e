import { readOnlyReason, type ReadOnlyFacts } from './readOnly';

const ME = 7;
const facts = (patch: Partial<ReadOnlyFacts> = {}): ReadOnlyFacts => ({
  articleId: 5,
  createdBy: ME,
  submitter: 'Sam Submitter',
  lock: { held_by: null, since: null, mine: true, expires: null },
  userId: ME,
  editAll: false,
  ...patch,
});
const heldBy = { held_by: { id: 9, name: 'Ann Editor' }, since: '2024-05-01T10:00:00Z', mine: false, expires: null };

describe('readOnlyReason', () => {
  it('a new article, or my own with the lock mine or free: editable', () => {
    expect(readOnlyReason(facts({ articleId: 0, createdBy: null }))).toBeNull();
    expect(readOnlyReason(facts())).toBeNull();
    expect(readOnlyReason(facts({ lock: { held_by: null, since: null, mine: false, expires: null } }))).toBeNull();
  });

  it("someone else's article without edit_all_articles: not yours (whatever the lock)", () => {
    for (const lock of [null, heldBy, { held_by: null, since: null, mine: false, expires: null }]) {
      expect(readOnlyReason(facts({ createdBy: 8, lock }))).toEqual({ kind: 'notYours', submitter: 'Sam Submitter' });
    }
    expect(readOnlyReason(facts({ createdBy: null, submitter: '  ' }))).toEqual({ kind: 'notYours', submitter: null });
  });

  it('mine or edit_all_articles, but someone else holds the lock: locked by them since when', () => {
    expect(readOnlyReason(facts({ lock: heldBy }))).toEqual({ kind: 'locked', name: 'Ann Editor', since: '2024-05-01T10:00:00Z' });
    expect(readOnlyReason(facts({ createdBy: 8, editAll: true, lock: heldBy }))).toMatchObject({ kind: 'locked' });
    expect(readOnlyReason(facts({ createdBy: 8, editAll: true }))).toBeNull();
  });

  it('outside the desks of scoped roles (the API says so): read-only for that reason, whatever the lock and owner', () => {
    for (const lock of [null, heldBy, { held_by: null, since: null, mine: false, expires: null }]) {
      expect(readOnlyReason(facts({ createdBy: 8, editAll: true, lock, outsideScope: true }))).toEqual({ kind: 'outsideScope' });
    }
    expect(readOnlyReason(facts({ articleId: 0, outsideScope: true }))).toBeNull();
  });
});
