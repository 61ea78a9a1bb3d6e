import { WEBHOOK_EVENTS, WEBHOOK_FORMATS } from 'contracts/rules/webhooks';
import de from './locales/de.json';
import en from './locales/en.json';

type Tree = { [key: string]: string | Tree };
// Event names hold dots ("article.published"): the leaves are read with their texts, not walked back by key.
const leaves = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}/`),
  );
const keys = (tree: Tree) => leaves(tree).map(([key]) => key);

describe('webhooks texts', () => {
  it('German has exactly the English keys, none empty', () => {
    expect(keys(de as Tree).sort()).toEqual(keys(en as Tree).sort());
    for (const [key, text] of leaves(de as Tree)) expect([key, text.trim()]).not.toEqual([key, '']);
  });
  it('labels every event and format', () => {
    for (const event of WEBHOOK_EVENTS) {
      expect(en.events).toHaveProperty([event]);
      expect(de.events).toHaveProperty([event]);
    }
    for (const format of WEBHOOK_FORMATS) {
      expect(en.formats).toHaveProperty([format]);
      expect(de.formats).toHaveProperty([format]);
    }
  });
});
