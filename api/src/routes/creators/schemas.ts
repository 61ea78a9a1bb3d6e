import { Type } from 'typebox';
import { Envelope, errors } from 'contracts/schemas/common';

export const creatorsSchema = {
  tags: ['users'],
  summary: 'Content creators (users with the right create_article), for import defaults',
  response: {
    200: Envelope(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))),
    ...errors(401),
  },
};
