// Country names in the user's language (Intl.DisplayNames, the browser's own CLDR data). The API's
// names are English: they stay as they are in English, and are the fallback where the browser
// has no name for a code (or no Intl.DisplayNames at all).

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesOf(lng: string): Intl.DisplayNames | null {
  let names = displayNames.get(lng);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lng], { type: 'region', fallback: 'none' });
    } catch {
      names = null; // an unknown language tag or no Intl.DisplayNames
    }
    displayNames.set(lng, names);
  }
  return names;
}

/** The name of a country (ISO 3166-1 alpha-2 `code`) in `lng`; `fallback` (the API's English name) in English or when unknown. */
export function countryName(code: string, fallback: string, lng: string): string {
  if (lng.split('-')[0] === 'en' || !/^[A-Za-z]{2}$/.test(code)) return fallback;
  return namesOf(lng)?.of(code.toUpperCase()) || fallback;
}

/** Select options of the countries, named in `lng` and sorted by that name. */
export function countryOptions(
  countries: ReadonlyArray<{ country_code: string; country_name: string }>,
  lng: string,
): Array<{ value: string; label: string }> {
  return countries
    .map((country) => ({ value: country.country_code, label: countryName(country.country_code, country.country_name, lng) }))
    .sort((a, b) => a.label.localeCompare(b.label, lng));
}
