import de from './locales/de.json';
import en from './locales/en.json';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('desk texts', () => {
  it('German has exactly the English keys, none empty', () => {
    expect(keys(de as Tree).sort()).toEqual(keys(en as Tree).sort());
    for (const key of keys(de as Tree)) expect((de as Record<string, string>)[key]).not.toBe('');
  });
});
