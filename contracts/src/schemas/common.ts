import { Type, type Static, type TSchema } from 'typebox';

/** The parameters of an error message (`{{name}}` in the catalogue's texts). */
export const ErrorParamsSchema = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
  description: 'Parameters of the message',
});

/** `data` of the error envelope: the machine code of contracts/errors/api-errors.json and what it concerns. */
export const ErrorData = Type.Object(
  {
    error: Type.String({ description: 'Machine code (contracts/errors/api-errors.json); the client translates by it' }),
    field: Type.Optional(Type.String({ description: 'The request field the error concerns, e.g. defaults.latitude' })),
    params: Type.Optional(ErrorParamsSchema),
  },
  { additionalProperties: true },
);

/** The largest id (and integer) the database's int4 columns hold. */
export const MAX_ID = 2_147_483_647;

/** A database id in a request (path, query or body): a whole number from 1 to 2147483647. */
export function Id(description?: string) {
  return Type.Integer({ minimum: 1, maximum: MAX_ID, ...(description ? { description } : {}) });
}

/** Parses an id written as text (a query value): the number, or undefined when it is not one. */
export function parseId(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

/** The error envelope: `{ code, data: { error, field?, params? }, message }`. */
export const ErrorEnvelope = Type.Object(
  {
    code: Type.Integer({ description: 'The HTTP status' }),
    data: ErrorData,
    message: Type.String({ description: 'What went wrong, for people (English; the client translates data.error)' }),
  },
  { description: 'Error' },
);

/** A value or null. */
export function Nullable<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  return Type.Union([schema, Type.Null()], options);
}

/** The version of a record an edit form loaded, sent back to update it (a stale one answers 409). */
export const VersionField = Type.Integer({
  minimum: 1,
  maximum: MAX_ID,
  description: 'The version of the record the form loaded (required to update)',
});

/** `data` of a save: the record's id and its new version. */
export const SavedSchema = Type.Object({ id: Type.Integer(), version: Type.Integer() });
export type Saved = Static<typeof SavedSchema>;

/** An id and a name (a user, an author, the holder of a lock). */
export const NamedRefSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type NamedRef = Static<typeof NamedRefSchema>;

/** The fields every envelope has besides `data` (`total` on lists, `total_is_estimate` on large article lists). */
export const EnvelopeFrameSchema = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  total: Type.Optional(Type.Integer()),
  total_is_estimate: Type.Optional(Type.Boolean()),
});

/** Any response body of the API (spec section 7), typed by its `data`. */
export type EnvelopeOf<T = unknown> = Static<typeof EnvelopeFrameSchema> & { data: T };
export type ErrorEnvelopeBody = Static<typeof ErrorEnvelope>;
export type ErrorDataBody = Static<typeof ErrorData>;

/** A success envelope around `data`. */
export function Envelope<T extends TSchema>(data: T, description = 'Success') {
  return Type.Object({ code: Type.Literal(200), data, message: Type.String() }, { description });
}

/** A success envelope around a list, with the total count. */
export function ListEnvelope<T extends TSchema>(item: T, description = 'Success') {
  return Type.Object(
    {
      code: Type.Literal(200),
      data: Type.Array(item),
      message: Type.String(),
      total: Type.Integer({ description: 'How many items match in all (not only on this page)' }),
    },
    { description },
  );
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input',
  401: 'No session, or the session expired',
  403: 'The user lacks the right',
  404: 'Not found',
  409: 'Conflict',
  429: 'Rate limited',
  503: 'Unavailable',
};

/** Error responses for a route's OpenAPI description. */
export function errors(...codes: number[]): Record<number, TSchema> {
  return Object.fromEntries(
    codes.map((code) => [code, Type.Object(ErrorEnvelope.properties, { description: ERROR_DESCRIPTIONS[code] ?? 'Error' })]),
  );
}

/** The public shape of a user (GET /api/session). */
export const UserSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
});
export type User = Static<typeof UserSchema>;

/** A string enum that query strings can carry, e.g. sort=title. */
export function StringEnum<const T extends readonly string[]>(values: T, options: { default?: T[number]; description?: string } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** An integer enum that query strings can carry (coerced from text), e.g. limit=20. */
export function IntegerEnum<const T extends readonly number[]>(values: T, options: { default?: T[number]; description?: string } = {}) {
  return Type.Unsafe<T[number]>({ type: 'integer', enum: [...values], ...options });
}
