import { errors } from 'contracts/schemas/common';

export const metricsSchema = {
  tags: ['system'],
  summary: 'Prometheus metrics of this process (Authorization: Bearer METRICS_TOKEN)',
  description:
    'Text exposition format: request latency per route, database pool use and waiting requests, open event streams, ' +
    'import runs and durations, background-job lag, refused sign-ins, and the process (CPU, memory, event-loop delay, GC). ' +
    'Each instance serves its own; scrape every instance. 404 when METRICS_TOKEN is not set.',
  security: [],
  response: {
    ...errors(401, 404),
  },
};
