/**
 * Suburb autocomplete for the importer's location Defaults (spec: "suburb (address autocomplete
 * that also captures latitude and longitude)"). Behind an interface, so a maps geocoding service
 * can replace the bundled gazetteer (PLACES_PROVIDER; only 'local' is implemented).
 */
/** A place the autocomplete offers: the contract of GET /api/v2/places. */
export type { Place } from 'contracts/schemas/locations';
import type { Place, PlacesQuery } from 'contracts/schemas/locations';

/** The query of GET /api/v2/places (country upper case). */
export type PlaceQuery = PlacesQuery;

export interface PlaceProvider {
  search(query: PlaceQuery): Promise<Place[]>;
}

/** Lower case without accents, so "Zurich" finds "Zürich". */
export function foldName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}
