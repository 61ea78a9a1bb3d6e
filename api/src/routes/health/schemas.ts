import { Envelope, errors } from 'contracts/schemas/common';
import { HealthSchema } from 'contracts/schemas/health';

export const healthSchema = {
  tags: ['system'],
  summary: 'Health check (no session needed)',
  security: [],
  response: {
    200: Envelope(HealthSchema),
    ...errors(503),
  },
};
