import de from './locales/de.json';
import en from './locales/en.json';
import { RIGHTS } from 'contracts/rules/rights';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('people texts', () => {
  it('German has exactly the English keys, none empty', () => {
    expect(keys(de as Tree).sort()).toEqual(keys(en as Tree).sort());
    for (const key of keys(de as Tree)) expect(key.split('.').reduce<unknown>((n, k) => (n as Tree)[k], de)).not.toBe('');
  });
  it('labels every right', () => {
    for (const right of RIGHTS) {
      expect(en.rights).toHaveProperty([right]);
      expect(de.rights).toHaveProperty([right]);
    }
  });
});
