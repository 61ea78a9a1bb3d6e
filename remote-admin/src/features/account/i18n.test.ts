import de from './locales/de.json';
import en from './locales/en.json';
import { INTERFACE_LANGUAGES } from 'contracts/rules/account';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('My account texts', () => {
  it('German has exactly the English keys, none empty', () => {
    expect(keys(de as Tree).sort()).toEqual(keys(en as Tree).sort());
    for (const key of keys(de as Tree)) expect(key.split('.').reduce<unknown>((n, k) => (n as Tree)[k], de)).not.toBe('');
  });
  it('names every interface language', () => {
    for (const language of INTERFACE_LANGUAGES) {
      expect(en.profile.languages).toHaveProperty([language]);
      expect(de.profile.languages).toHaveProperty([language]);
    }
  });
});
