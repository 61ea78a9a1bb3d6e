import { i18n } from 'shared';
import { EDITOR_PREFIX, NS, editorDe, editorEn } from './i18n';

type Tree = { [key: string]: string | Tree };
const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : entries(v, `${prefix}${k}.`),
  );
const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();

describe('article editor texts', () => {
  it('German has exactly the English keys and placeholders, none empty', () => {
    const en = new Map(entries(editorEn as Tree));
    const de = entries(editorDe as Tree);
    expect(de.map(([k]) => k).sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of de) {
      expect(text.trim()).not.toBe('');
      expect(placeholders(text)).toEqual(placeholders(en.get(key)!));
    }
  });

  it('uses the spec words (section 2 and 8)', () => {
    // The spec's actions, and Schedule (an approver's, beside the spec's Approve).
    expect(editorEn.actions).toEqual({
      save: 'Save',
      saveSubmit: 'Save and submit',
      duplicate: 'Duplicate',
      close: 'Close',
      schedule: 'Schedule',
    });
    expect(editorEn.newArticle).toBe('New Article');
    expect(editorEn.messages).toMatchObject({
      mainCategory: 'Please select a main category',
      noImage: 'Please add at least one image',
      validation: 'Validation error - please check the article',
      invalidResponse: 'Invalid response',
      noAuthor: 'No author selected',
      noAuthorImage: 'No author image response',
      noImageResponse: 'No image response',
      submitted: 'Article submitted',
      authorUpdated: 'Author updated',
    });
  });

  it('registers the texts in both languages', () => {
    expect(i18n.getFixedT('en', NS)(`${EDITOR_PREFIX}.messages.noImage`)).toBe('Please add at least one image');
    expect(i18n.getFixedT('de', NS)(`${EDITOR_PREFIX}.messages.noImage`)).toBe(editorDe.messages.noImage);
  });
});
