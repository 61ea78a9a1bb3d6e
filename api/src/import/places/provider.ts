/**
 * Suburb autocomplete for the importer's location Defaults (spec: "suburb (address autocomplete
 * that also captures latitude and longitude)"). Behind an interface, so a maps geocoding service
 * can replace the bundled gazetteer (PLACES_PROVIDER; only 'local' is implemented).
 */
export interface Place {
  name: string;
  /** The first-level administrative division (GeoNames admin1 code for the local gazetteer). */
  state: string;
  country_code: string;
  postcode?: string;
  latitude: number;
  longitude: number;
  /** "Name, state, CC": what the autocomplete shows and the suburb field keeps. */
  formatted: string;
}

export interface PlaceQuery {
  term: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string;
  limit?: number;
}

export interface PlaceProvider {
  search(query: PlaceQuery): Promise<Place[]>;
}

/** Lower case without accents, so "Zurich" finds "Zürich". */
export function foldName(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}
