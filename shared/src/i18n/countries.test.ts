import { countryName, countryOptions } from './countries';

describe('country names in the user language', () => {
  it('names a country in German by its code (Intl.DisplayNames)', () => {
    expect(countryName('DE', 'Germany', 'de')).toBe('Deutschland');
    expect(countryName('au', 'Australia', 'de')).toBe('Australien');
  });

  it("keeps the API's (English) name in English, and as the fallback for a code without a name", () => {
    expect(countryName('US', 'United States', 'en')).toBe('United States');
    expect(countryName('XX', 'Nowhere', 'de')).toBe('Nowhere');
    expect(countryName('XYZ', 'Kosovo', 'de')).toBe('Kosovo');
    expect(countryName('DE', 'Germany', 'not a language tag!')).toBe('Germany');
  });

  it('gives the options named and sorted in the language', () => {
    const countries = [
      { country_code: 'AT', country_name: 'Austria' },
      { country_code: 'DE', country_name: 'Germany' },
      { country_code: 'EG', country_name: 'Egypt' },
    ];
    expect(countryOptions(countries, 'de')).toEqual([
      { value: 'EG', label: 'Ägypten' },
      { value: 'DE', label: 'Deutschland' },
      { value: 'AT', label: 'Österreich' },
    ]);
    expect(countryOptions(countries, 'en').map((option) => option.label)).toEqual(['Austria', 'Egypt', 'Germany']);
  });
});
