import { Value } from 'typebox/value';
import { EditArticleSchema, EventSchema } from '../schemas/article';
import { ImportRunSchema } from '../schemas/importers';
import { RevisionContentSchema } from '../schemas/revisions';
import { articleEdit, articleEvent, importRun, revisionContent } from './fixtures';

describe('test fixtures', () => {
  it.each([
    ['articleEdit', EditArticleSchema, articleEdit()],
    ['articleEvent', EventSchema, articleEvent()],
    ['revisionContent', RevisionContentSchema, revisionContent()],
    ['importRun', ImportRunSchema, importRun()],
  ] as const)('%s is valid by its schema', (_name, schema, value) => {
    expect([...Value.Errors(schema, value)]).toEqual([]);
  });

  it('takes the patch over its values', () => {
    expect(articleEdit({ id: 5, title: 'T' })).toMatchObject({ id: 5, title: 'T', state: 5 });
  });
});
