import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/** A country (ISO 3166-1 alpha-2 code and English name). */
export const CountrySchema = Type.Object({ country_code: Type.String(), country_name: Type.String() });
export type Country = Static<typeof CountrySchema>;

/** A state of a country, as GET /api/locations/states/{countryCode} lists it. */
export const CountryStateSchema = Type.Object({ state_id: Type.Integer(), state_name: Type.String() });
export type CountryState = Static<typeof CountryStateSchema>;

/** One state with its country and second key (GET /api/v2/locations/states/{id} and states2/{key}). */
export const StateSchema = Type.Object({
  ...CountryStateSchema.properties,
  country_code: Type.String(),
  state_code: Type.String({ description: '"<country>-<region code>", e.g. AU-NSW' }),
});
export type State = Static<typeof StateSchema>;

/** A place of the places search (GET /api/v2/places). */
export const PlaceSchema = Type.Object({
  name: Type.String(),
  state: Type.String({ description: "The gazetteer's first-level division code (GeoNames admin1)" }),
  country_code: Type.String(),
  state_id: Nullable(Type.Integer(), { description: "The product's region (State/Region) the place lies in, null when unknown" }),
  state_code: Nullable(Type.String(), { description: '"<country>-<region code>" of that region, e.g. AU-NSW' }),
  state_name: Nullable(Type.String()),
  postcode: Type.Optional(Type.String({ description: 'Only when the gazetteer knows it; never guessed' })),
  latitude: Type.Number(),
  longitude: Type.Number(),
  formatted: Type.String(),
});
export type Place = Static<typeof PlaceSchema>;

/** GET /api/v2/places. */
export const PlacesQuerySchema = Type.Object({
  term: Type.String({ minLength: 3, maxLength: 100, description: 'At least 3 characters' }),
  country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
});
export type PlacesQuery = Static<typeof PlacesQuerySchema>;
