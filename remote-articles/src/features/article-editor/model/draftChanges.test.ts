import { articleEdit } from 'contracts/testing/fixtures';
import { articleToForm } from './formMapping';
import { draftChanges } from './draftChanges';

const loaded = articleToForm(articleEdit({ id: 4, version: 2, title: 'Old title', text: '<p>One two three</p>' }));

describe('draftChanges', () => {
  it('is empty when the draft holds what was loaded', () => {
    expect(draftChanges(loaded, { ...loaded }, 'en')).toEqual([]);
  });

  it('gives the text fields as a word diff of their words, without markup', () => {
    const changes = draftChanges(loaded, { ...loaded, text: '<p>One 2 three</p>' }, 'en');
    expect(changes).toEqual([
      {
        field: 'text',
        label: 'Text',
        kind: 'text',
        parts: [
          { value: 'One ', kind: 'same' },
          { value: 'two', kind: 'removed' },
          { value: '2', kind: 'added' },
          { value: ' three', kind: 'same' },
        ],
      },
    ]);
  });

  it('names the other changed fields once each, in the language asked', () => {
    const changes = draftChanges(loaded, { ...loaded, featured: !loaded.featured, country_code: 'AU', state_id: 3 }, 'de');
    expect(changes.map(({ label, kind }) => [label, kind])).toEqual([
      ['Hervorgehoben', 'value'],
      ['Ort', 'value'],
    ]);
  });
});
