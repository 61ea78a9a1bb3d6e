import de from './locales/de.json';
import en from './locales/en.json';

type Tree = { [key: string]: string | Tree };
const entries = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : entries(v, `${prefix}${k}.`),
  );

describe('desk management texts', () => {
  it('German has exactly the English keys, none empty', () => {
    expect(
      entries(de as Tree)
        .map(([key]) => key)
        .sort(),
    ).toEqual(
      entries(en as Tree)
        .map(([key]) => key)
        .sort(),
    );
    for (const [, text] of entries(de as Tree)) expect(text).not.toBe('');
  });
});
