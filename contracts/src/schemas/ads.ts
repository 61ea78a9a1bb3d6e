import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/** An ad (spec section 3 "Ad"). */
export const AdSchema = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  body: Type.String(),
  image: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
});
export type Ad = Static<typeof AdSchema>;
