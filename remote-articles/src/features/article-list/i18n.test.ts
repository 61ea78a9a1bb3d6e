import { listDe, listEn } from './i18n';

type Tree = { [key: string]: string | Tree };
const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : entries(v, `${prefix}${k}.`),
  );

describe('article list texts', () => {
  it('German has exactly the English keys, none empty', () => {
    const en = entries(listEn as Tree)
      .map(([k]) => k)
      .sort();
    const de = entries(listDe as Tree);
    expect(de.map(([k]) => k).sort()).toEqual(en);
    for (const [, text] of de) expect(text.trim()).not.toBe('');
  });
  it('uses the spec words', () => {
    expect(listEn.columns).toMatchObject({ id: 'ID', title: 'Title', submitter: 'Submitter' });
    expect(listEn.unknownSubmitter).toBe('unknown');
    expect(listEn.noRecords).toBe('No records found');
    expect(listEn.actions.submitted).toBe('Article submitted');
    expect(listEn.filters).toMatchObject({ allCategories: 'All Categories', allSubmitters: 'All submitters' });
    expect(listEn.actions).toMatchObject({ accessPublic: 'Public', accessRegistered: 'Registered', accessPremium: 'Premium' });
    expect(listEn.state).toEqual({
      unpublished: 'Unpublished',
      published: 'Published',
      // Issue 15 (not a spec state): an Unpublished article whose publish_up is ahead.
      scheduled: 'Scheduled',
      awaitingApproval: 'Awaiting approval',
      draft: 'Draft',
      trash: 'Trash',
      other: 'Other',
    });
  });
});
