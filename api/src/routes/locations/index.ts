import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { Envelope, errors } from 'contracts/schemas/common';
import { CountrySchema, CountryStateSchema, StateSchema } from 'contracts/schemas/locations';
import { locations, type State } from '../../services/locations';

const tags = ['locations'];

function countryCode(raw: string): string {
  const code = raw.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) throw httpError(400, 'country_code_invalid', { field: 'countryCode' }, { field: 'countryCode' });
  if (!locations.country(code)) throw httpError(404, 'unknown_country', { code });
  return code;
}

function one(state: State) {
  return { state_id: state.state_id, state_name: state.state_name, country_code: state.country_code, state_code: state.state_code };
}

const locationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v2/locations/countries',
    {
      schema: {
        tags,
        summary: 'Every country (ISO 3166-1 alpha-2 code and English name), by name',
        response: { 200: Envelope(Type.Array(CountrySchema)), ...errors(401) },
      },
    },
    async () => ok(locations.countries()),
  );

  app.get(
    '/api/locations/states/:countryCode',
    {
      schema: {
        tags,
        summary: "A country's states (regions), by name",
        params: Type.Object({ countryCode: Type.String({ maxLength: 10 }) }),
        response: { 200: Envelope(Type.Array(CountryStateSchema)), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const states = locations.states(countryCode(request.params.countryCode)) ?? [];
      return ok(states.map((state) => ({ state_id: state.state_id, state_name: state.state_name })));
    },
  );

  app.get(
    '/api/v2/locations/states/:id',
    {
      schema: {
        tags,
        summary: 'One state by its state_id',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
        response: { 200: Envelope(StateSchema), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const state = locations.state(request.params.id);
      if (!state) throw httpError(404, 'unknown_state_id', { id: request.params.id });
      return ok(one(state));
    },
  );

  app.get(
    '/api/v2/locations/states2/:id',
    {
      schema: {
        tags,
        summary: 'One state by its second key: "<country>-<region code>", e.g. AU-NSW (letter case ignored)',
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: Envelope(StateSchema), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const key = request.params.id.trim();
      if (!/^[A-Za-z]{2}-.+$/.test(key)) throw httpError(400, 'state_key_invalid');
      const state = locations.stateByCode(key);
      if (!state) throw httpError(404, 'unknown_state', { key });
      return ok(one(state));
    },
  );
};

export default locationsRoutes;
