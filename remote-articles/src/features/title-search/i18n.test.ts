import { titleSearchDe, titleSearchEn } from './i18n';

type Tree = { [key: string]: string | Tree };
const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : entries(v, `${prefix}${k}.`),
  );

describe('title search texts', () => {
  it('German has exactly the English keys, none empty, same placeholders', () => {
    const en = new Map(entries(titleSearchEn as Tree));
    const de = entries(titleSearchDe as Tree);
    expect(de.map(([k]) => k).sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of de) {
      expect(text.trim()).not.toBe('');
      const names = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(names(text)).toEqual(names(en.get(key) as string));
    }
  });

  it('uses the spec words', () => {
    expect(titleSearchEn.heading).toBe('Search all titles (5 word limit)');
    expect(titleSearchEn.go).toBe('Go');
    expect(titleSearchEn.noRecords).toBe('No records found');
    expect(titleSearchEn.columns).toEqual({ id: 'ID', title: 'Title', date: 'Date' });
  });
});
