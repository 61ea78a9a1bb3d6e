import { Type } from 'typebox';
import { Envelope, errors } from 'contracts/schemas/common';

export const healthSchema = {
  tags: ['system'],
  summary: 'Health check (no session needed)',
  security: [],
  response: {
    200: Envelope(
      Type.Object({
        status: Type.Literal('ok'),
        database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
      }),
    ),
    ...errors(503),
  },
};
