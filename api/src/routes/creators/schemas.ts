import { Type } from 'typebox';
import { Envelope, errors } from 'contracts/schemas/common';
import { CreatorSchema } from 'contracts/schemas/importers';

export const creatorsSchema = {
  tags: ['users'],
  summary: 'Content creators (users with the right create_article), for import defaults',
  response: {
    200: Envelope(Type.Array(CreatorSchema)),
    ...errors(401),
  },
};
