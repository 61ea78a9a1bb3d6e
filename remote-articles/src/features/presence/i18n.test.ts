import { presenceDe, presenceEn } from './i18n';

describe('live presence texts', () => {
  it('German has the English keys, none empty, same placeholders', () => {
    expect(Object.keys(presenceDe).sort()).toEqual(Object.keys(presenceEn).sort());
    for (const [key, text] of Object.entries(presenceDe)) {
      expect(text.trim()).not.toBe('');
      const names = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(names(text)).toEqual(names(presenceEn[key as keyof typeof presenceEn]));
    }
  });
});
