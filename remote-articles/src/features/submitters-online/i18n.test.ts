import { submittersDe, submittersEn } from './i18n';

describe('Logged In submitters texts', () => {
  it('German has the English keys, none empty, same placeholders', () => {
    expect(Object.keys(submittersDe).sort()).toEqual(Object.keys(submittersEn).sort());
    for (const [key, text] of Object.entries(submittersDe)) {
      expect(text.trim()).not.toBe('');
      const names = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(names(text)).toEqual(names(submittersEn[key as keyof typeof submittersEn]));
    }
  });

  it('uses the spec words', () => {
    expect(submittersEn.button).toBe('Logged In submitters');
  });
});
