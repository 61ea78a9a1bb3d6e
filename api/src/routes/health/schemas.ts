import { Envelope, errors } from 'contracts/schemas/common';
import { HealthSchema, LivenessSchema } from 'contracts/schemas/health';

export const healthSchema = {
  tags: ['system'],
  summary: 'Health check (no session needed)',
  description: 'The database answers. See also /api/health/live and /api/health/ready.',
  security: [],
  response: {
    200: Envelope(HealthSchema),
    ...errors(503),
  },
};

export const livenessSchema = {
  tags: ['system'],
  summary: 'Liveness (no session needed): the process runs; restart it only when this fails',
  description: 'Never asks the database, so a database outage does not get every instance restarted.',
  security: [],
  response: {
    200: Envelope(LivenessSchema),
  },
};

export const readinessSchema = {
  tags: ['system'],
  summary: 'Readiness (no session needed): send this instance traffic',
  description: '503 shutting_down while the process drains (after SIGTERM), 503 database_unavailable when the database does not answer.',
  security: [],
  response: {
    200: Envelope(HealthSchema),
    ...errors(503),
  },
};
