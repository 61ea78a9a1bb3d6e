import type { Country, State } from 'contracts/schemas/locations';
import { allCountries } from 'country-region-data';

/**
 * Countries and their states (regions) from the maintained `country-region-data` package (MIT;
 * ISO 3166-1 alpha-2 country codes, region names and short codes), read once into memory.
 *
 * `state_id` must be a stable integer (articles store it). It is derived from the region's key
 * "<country code>-<region short code>" (e.g. "AU-NSW"; the name stands in for the code of the
 * regions without one, e.g. "CK-Aitutaki") with 32-bit FNV-1a, reduced to 1 … 2^31-1: the same region keeps its id
 * across package updates as long as its code stays, and no table of ids is kept. A test checks
 * that no two regions share an id.
 */

export type { Country, State };

/** 32-bit FNV-1a over the UTF-8 bytes, reduced to a positive PostgreSQL integer. */
export function stableId(key: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(key, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % 0x7ffffffe) + 1;
}

const countries: Country[] = [];
const statesByCountry = new Map<string, State[]>();
const statesById = new Map<number, State>();
const statesByCode = new Map<string, State>();

for (const [name, code, regions] of allCountries) {
  countries.push({ country_code: code, country_name: name });
  const states = regions.map(([stateName, stateCode]) => {
    // A few regions carry no code (or the text "undefined"): their name is the key then.
    const key = `${code}-${stateCode && stateCode !== 'undefined' ? stateCode : stateName}`;
    return { state_id: stableId(key), state_name: stateName, country_code: code, state_code: key };
  });
  states.sort((a, b) => a.state_name.localeCompare(b.state_name, 'en'));
  statesByCountry.set(code, states);
  for (const state of states) {
    statesById.set(state.state_id, state);
    statesByCode.set(state.state_code.toUpperCase(), state);
  }
}
countries.sort((a, b) => a.country_name.localeCompare(b.country_name, 'en'));

export const locations = {
  countries(): Country[] {
    return countries;
  },
  country(code: string): Country | undefined {
    const upper = code.trim().toUpperCase();
    return countries.find((country) => country.country_code === upper);
  },
  /** The states of a country, by name; undefined for an unknown country. */
  states(countryCode: string): State[] | undefined {
    return statesByCountry.get(countryCode.trim().toUpperCase());
  },
  state(id: number): State | undefined {
    return statesById.get(id);
  },
  stateByCode(code: string): State | undefined {
    return statesByCode.get(code.trim().toUpperCase());
  },
  /** Every state (for tests: the ids are unique). */
  allStates(): State[] {
    return [...statesById.values()];
  },
  stateCount(): number {
    let count = 0;
    for (const states of statesByCountry.values()) count += states.length;
    return count;
  },
};
