import { Type } from 'typebox';
import { RIGHTS } from '../../db/schema';
import { Envelope, errors, StringEnum, UserSchema } from 'contracts/schemas/common';

export const userSchema = {
  tags: ['users'],
  summary: 'The signed-in user',
  response: { 200: Envelope(UserSchema), ...errors(401) },
};

export const permissionsSchema = {
  tags: ['users'],
  summary: "The signed-in user's rights",
  response: { 200: Envelope(Type.Array(StringEnum(RIGHTS))), ...errors(401) },
};
