import { WEBHOOK_EVENTS, WEBHOOK_FORMATS } from 'contracts/rules/webhooks';
import de from './locales/de.json';
import en from './locales/en.json';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('webhooks texts', () => {
  it('German has exactly the English keys, none empty', () => {
    expect(keys(de as Tree).sort()).toEqual(keys(en as Tree).sort());
    for (const key of keys(de as Tree)) expect(key.split('.').reduce<unknown>((n, k) => (n as Tree)[k], de)).not.toBe('');
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
