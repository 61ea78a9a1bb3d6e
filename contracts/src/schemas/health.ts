import { Type, type Static } from 'typebox';

/** `data` of GET /api/health. */
export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
});
export type Health = Static<typeof HealthSchema>;
