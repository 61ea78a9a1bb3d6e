import { historyDe, historyEn } from './i18n';

describe('History panel texts', () => {
  it('German has the English keys, none empty, same placeholders', () => {
    expect(Object.keys(historyDe).sort()).toEqual(Object.keys(historyEn).sort());
    for (const [key, text] of Object.entries(historyDe)) {
      expect(text.trim()).not.toBe('');
      const names = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(names(text)).toEqual(names(historyEn[key as keyof typeof historyEn]));
    }
  });
});
