import { Type, type Static } from 'typebox';

/** A tag (spec section 3 "Tag"). */
export const TagSchema = Type.Object({ id: Type.Integer(), title: Type.String() });
export type Tag = Static<typeof TagSchema>;

/** POST /api/tag: find or create tags by title; commas separate several. */
export const TagBodySchema = Type.Object({ value: Type.Optional(Type.String({ maxLength: 1000 })) });
export type TagBody = Static<typeof TagBodySchema>;
