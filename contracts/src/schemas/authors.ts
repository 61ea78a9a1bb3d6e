import { Type, type Static } from 'typebox';
import { NamedRefSchema, Nullable, VersionField } from './common';

/** An author (spec section 3 "Author"). */
export const AuthorSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  position: Type.String(),
  bio: Type.String(),
  image: Nullable(Type.String(), { description: 'Image URL' }),
  version: Type.Integer({ description: 'Send it back to update the author' }),
});
export type Author = Static<typeof AuthorSchema>;

/** An author as an article and the autocomplete name it. */
export const AuthorRefSchema = NamedRefSchema;
export type AuthorRef = Static<typeof AuthorRefSchema>;

/** GET /api/v2/authors?term= */
export const AuthorsQuerySchema = Type.Object({ term: Type.Optional(Type.String({ maxLength: 100 })) });

/** POST /api/author: create an author by name. */
export const CreateAuthorBodySchema = Type.Object({ name: Type.Optional(Type.String({ maxLength: 1000 })) });

/** POST /api/author/{id}: fields left out keep their value. */
export const UpdateAuthorBodySchema = Type.Object({
  version: Type.Optional(VersionField),
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  position: Type.Optional(Type.String({ maxLength: 1000 })),
  bio: Type.Optional(Type.String({ maxLength: 20000 })),
  image: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
});
export type UpdateAuthorBody = Static<typeof UpdateAuthorBodySchema>;
