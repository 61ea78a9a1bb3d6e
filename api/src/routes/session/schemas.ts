import { Type } from 'typebox';
import { Envelope, errors } from 'contracts/schemas/common';
import { LoginBodySchema, RestoreQuerySchema, SessionDataSchema } from 'contracts/schemas/session';

// The OpenAPI description of the session routes; the shapes are the contracts'.

export const loginSchema = {
  tags: ['session'],
  summary: 'Sign in',
  description:
    'Form (application/x-www-form-urlencoded) or JSON. After too many failed attempts for one IP and username the call answers 429.',
  security: [],
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  body: LoginBodySchema,
  response: { 200: Envelope(SessionDataSchema), ...errors(400, 401, 429) },
};

export const restoreSchema = {
  tags: ['session'],
  summary: 'Restore a session from its token',
  security: [],
  querystring: RestoreQuerySchema,
  response: { 200: Envelope(SessionDataSchema), ...errors(400, 401) },
};

export const logoutSchema = {
  tags: ['session'],
  summary: 'Sign out (revokes the session)',
  response: { 200: Envelope(Type.Null()), ...errors(401) },
};
