import { Type, type Static } from 'typebox';

/** `data` of GET /api/health. */
export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
});
export type Health = Static<typeof HealthSchema>;

/** `data` of GET /api/health/live: the process runs and answers. */
export const LivenessSchema = Type.Object({
  status: Type.Literal('ok'),
});
export type Liveness = Static<typeof LivenessSchema>;
