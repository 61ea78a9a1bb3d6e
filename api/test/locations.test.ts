// Countries and states from country-region-data: GET /api/v2/locations/countries,
// /api/locations/states/{countryCode}, /api/v2/locations/states/{id}, /api/v2/locations/states2/{key}.
import { locations, stableId } from '../src/services/locations';
import { body, describeEachDatabase } from './helpers';

type Data = Record<string, any>;

describe('locations data', () => {
  it('gives every state a unique, stable, positive integer id derived from its key', () => {
    const states = locations.allStates();
    expect(states.length).toBe(locations.stateCount());
    expect(states.length).toBeGreaterThan(3000);
    expect(new Set(states.map((state) => state.state_id)).size).toBe(states.length);
    for (const state of states) {
      expect(Number.isInteger(state.state_id)).toBe(true);
      expect(state.state_id).toBeGreaterThan(0);
      expect(state.state_id).toBeLessThanOrEqual(2147483647);
      expect(state.state_id).toBe(stableId(state.state_code));
    }
    // Fixed values: a change of the derivation would break stored articles.
    expect(stableId('AU-NSW')).toBe(149019879);
  });
});

describeEachDatabase('locations', (ctx) => {
  let token = '';
  beforeAll(async () => {
    token = await ctx.login('submitter');
  });

  it('lists the countries by name with ISO codes', async () => {
    const countries = body<Data[]>(await ctx.get('/api/v2/locations/countries', token)).data;
    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual({ country_code: 'AU', country_name: 'Australia' });
    expect(countries).toContainEqual({ country_code: 'DE', country_name: 'Germany' });
    const names = countries.map((country) => country.country_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it("lists a country's states (any letter case of the code) and reads one by id and by its second key", async () => {
    const states = body<Data[]>(await ctx.get('/api/locations/states/au', token)).data;
    expect(states.map((state) => state.state_name)).toEqual([
      'Australian Capital Territory',
      'New South Wales',
      'Northern Territory',
      'Queensland',
      'South Australia',
      'Tasmania',
      'Victoria',
      'Western Australia',
    ]);
    const nsw = states.find((state) => state.state_name === 'New South Wales')!;
    expect(Object.keys(nsw).sort()).toEqual(['state_id', 'state_name']);
    const byId = body<Data>(await ctx.get(`/api/v2/locations/states/${nsw.state_id}`, token)).data;
    expect(byId).toEqual({ state_id: nsw.state_id, state_name: 'New South Wales', country_code: 'AU', state_code: 'AU-NSW' });
    expect(body<Data>(await ctx.get('/api/v2/locations/states2/au-nsw', token)).data).toEqual(byId);
  });

  it('answers clear envelopes for bad and unknown codes and ids', async () => {
    expect(body(await ctx.get('/api/locations/states/QQ', token))).toEqual({
      code: 404,
      data: { error: 'unknown_country', params: { code: 'QQ' } },
      message: 'Unknown country code QQ',
    });
    const bad = await ctx.get('/api/locations/states/Australia', token);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('countryCode must be a two-letter country code (ISO 3166-1 alpha-2), e.g. AU');
    expect((await ctx.get('/api/v2/locations/states/1', token)).statusCode).toBe(404);
    expect((await ctx.get('/api/v2/locations/states/abc', token)).statusCode).toBe(400);
    expect((await ctx.get('/api/v2/locations/states2/AU-XYZ', token)).statusCode).toBe(404);
    expect((await ctx.get('/api/v2/locations/states2/NSW', token)).statusCode).toBe(400);
    expect((await ctx.inject({ method: 'GET', url: '/api/v2/locations/countries' })).statusCode).toBe(401);
  });
});
