import { mergeFields, mergeText, mergeTokens, type MergeInput } from './article-merge';

describe('mergeTokens', () => {
  it('splits text into words, spaces and HTML tags that join back to the text', () => {
    const html = '<p>One two,  three</p>\n<p class="x">four<br/>five</p> a < b';
    const tokens = mergeTokens(html);
    expect(tokens.join('')).toBe(html);
    expect(tokens).toContain('<p class="x">');
    expect(tokens).toContain('two,');
    expect(tokens).toContain('<br/>');
  });

  it('gives nothing for the empty text', () => {
    expect(mergeTokens('')).toEqual([]);
  });
});

describe('mergeText', () => {
  const base = 'The quick brown fox jumps over the lazy dog';

  it('takes the one side that changed', () => {
    expect(mergeText(base, base, 'The slow brown fox')).toEqual({ merged: true, value: 'The slow brown fox' });
    expect(mergeText(base, 'The slow brown fox', base)).toEqual({ merged: true, value: 'The slow brown fox' });
  });

  it('takes a change both sides made alike', () => {
    expect(mergeText(base, 'same', 'same')).toEqual({ merged: true, value: 'same' });
  });

  it('merges changes to different words', () => {
    const mine = 'The quick red fox jumps over the lazy dog';
    const theirs = 'The quick brown fox jumps over the sleepy dog';
    expect(mergeText(base, mine, theirs)).toEqual({ merged: true, value: 'The quick red fox jumps over the sleepy dog' });
  });

  it('merges an insertion on one side with a deletion elsewhere on the other', () => {
    const mine = 'Very: The quick brown fox jumps over the lazy dog';
    const theirs = 'The quick brown fox jumps over the dog';
    expect(mergeText(base, mine, theirs)).toEqual({ merged: true, value: 'Very: The quick brown fox jumps over the dog' });
  });

  it('merges additions at the end and at the start', () => {
    expect(mergeText('a b', 'x a b', 'a b y')).toEqual({ merged: true, value: 'x a b y' });
  });

  it('refuses changes of the same word', () => {
    expect(mergeText(base, 'The quick red fox jumps over the lazy dog', 'The quick grey fox jumps over the lazy dog')).toEqual({
      merged: false,
    });
  });

  it('refuses overlapping ranges', () => {
    expect(mergeText(base, 'The slow fox jumps over the lazy dog', 'The quick red fox jumps over the lazy dog')).toEqual({
      merged: false,
    });
  });

  it('merges changes of neighbouring words (only a space between them is kept by both)', () => {
    expect(mergeText(base, 'The slow fox jumps over the lazy dog', 'The quick brown cat jumps over the lazy dog')).toEqual({
      merged: true,
      value: 'The slow cat jumps over the lazy dog',
    });
  });

  it('refuses two different insertions at the same place (their order is not known)', () => {
    expect(mergeText('a b', 'a x b', 'a y b')).toEqual({ merged: false });
  });

  it('refuses an insertion inside words the other side replaced', () => {
    expect(mergeText('a b c d', 'a b X c d', 'a Z d')).toEqual({ merged: false });
  });

  it('refuses a deletion of words the other side edited', () => {
    expect(mergeText('one two three four', 'one four', 'one two THREE four')).toEqual({ merged: false });
  });

  it('accepts the same change made on both sides beside another one', () => {
    expect(mergeText('a b c d e', 'a B c d E', 'a B c D e')).toEqual({ merged: true, value: 'a B c D E' });
  });

  it('merges edits of two different paragraphs of HTML', () => {
    const html = '<p>First paragraph here.</p><p>Second paragraph here.</p>';
    const mine = '<p>First paragraph edited by me.</p><p>Second paragraph here.</p>';
    const theirs = '<p>First paragraph here.</p><p>Second paragraph, their words.</p>';
    expect(mergeText(html, mine, theirs)).toEqual({
      merged: true,
      value: '<p>First paragraph edited by me.</p><p>Second paragraph, their words.</p>',
    });
  });

  it('merges a new paragraph on one side with an edit of another', () => {
    const html = '<p>One.</p><p>Two.</p>';
    expect(mergeText(html, '<p>One.</p><p>Two.</p><p>Three.</p>', '<p>Uno.</p><p>Two.</p>')).toEqual({
      merged: true,
      value: '<p>Uno.</p><p>Two.</p><p>Three.</p>',
    });
  });

  it('keeps every word of both sides in random disjoint edits', () => {
    // Words 0..39; mine edits only even-indexed words in the first half, theirs only in the second half.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const words = Array.from({ length: 40 }, (_, index) => `w${index}`);
      const mine = [...words];
      const theirs = [...words];
      for (let index = 0; index < 18; index += 2) if (random() < 0.4) mine[index] = `m${index}`;
      for (let index = 22; index < 40; index += 2) if (random() < 0.4) theirs[index] = `t${index}`;
      const expected = words.map((word, index) => (index < 20 ? mine[index] : theirs[index]));
      expect(mergeText(words.join(' '), mine.join(' '), theirs.join(' '))).toEqual({ merged: true, value: expected.join(' ') });
    }
  });
});

type Field = 'title' | 'text' | 'access' | 'tags';
const FIELDS: readonly Field[] = ['title', 'text', 'access', 'tags'];
const BASE = { title: 'Title', text: '<p>a b c</p>', access: 1, tags: [{ id: 1, title: 'One' }] };

function merge(mine: Partial<typeof BASE>, theirs: Partial<typeof BASE>, options: Partial<MergeInput<Field>> = {}) {
  return mergeFields<Field>({
    base: BASE,
    mine: { ...BASE, ...mine },
    theirs: { ...BASE, ...theirs },
    fields: FIELDS,
    textFields: ['title', 'text'],
    ...options,
  });
}

describe('mergeFields', () => {
  it('takes nothing when nothing changed', () => {
    const outcome = merge({}, {});
    expect(outcome.conflicts).toEqual([]);
    expect(outcome.values).toEqual(BASE);
    expect(Object.values(outcome.decisions)).toEqual(['same', 'same', 'same', 'same']);
  });

  it('merges fields changed on one side only, whichever side', () => {
    const outcome = merge({ title: 'Mine', access: 2 }, { text: '<p>a b c d</p>', tags: [] });
    expect(outcome.conflicts).toEqual([]);
    expect(outcome.values).toEqual({ title: 'Mine', access: 2, text: '<p>a b c d</p>', tags: [] });
    expect(outcome.decisions).toEqual({ title: 'mine', text: 'theirs', access: 'mine', tags: 'theirs' });
  });

  it('takes a value both sides set alike', () => {
    const outcome = merge({ access: 3 }, { access: 3 });
    expect(outcome.decisions.access).toBe('same');
    expect(outcome.values.access).toBe(3);
  });

  it('merges a text field both sides changed in different words', () => {
    const outcome = merge({ text: '<p>A b c</p>' }, { text: '<p>a b C</p>' });
    expect(outcome.decisions.text).toBe('merged');
    expect(outcome.values.text).toBe('<p>A b C</p>');
  });

  it('leaves a text field changed in the same words as a conflict, with all three values', () => {
    const outcome = merge({ text: '<p>a X c</p>' }, { text: '<p>a Y c</p>' });
    expect(outcome.decisions.text).toBe('conflict');
    expect(outcome.values).not.toHaveProperty('text');
    expect(outcome.conflicts).toEqual([{ field: 'text', base: BASE.text, mine: '<p>a X c</p>', theirs: '<p>a Y c</p>' }]);
  });

  it('never merges other fields both sides changed differently', () => {
    const outcome = merge({ access: 2, tags: [{ id: 2, title: 'Two' }] }, { access: 3, tags: [] });
    expect(outcome.conflicts.map((conflict) => conflict.field)).toEqual(['access', 'tags']);
  });

  it('without a base, every disagreement is a conflict and agreements stand', () => {
    const outcome = merge({ title: 'Mine', access: 2 }, { title: 'Theirs', access: 2 }, { base: null });
    expect(outcome.conflicts.map((conflict) => conflict.field)).toEqual(['title']);
    expect(outcome.conflicts[0]!.base).toBeUndefined();
    expect(outcome.values).toEqual({ text: BASE.text, access: 2, tags: BASE.tags });
  });

  it('compares by what compareAs keeps and takes the whole value of the winning side', () => {
    const richer = [{ id: 1, title: 'One', extra: 'ignored' }] as unknown as typeof BASE.tags;
    const compareAs = (field: Field, value: unknown) => (field === 'tags' ? (value as Array<{ id: number }>).map((tag) => tag.id) : value);
    const outcome = merge({ tags: richer }, { tags: [{ id: 2, title: 'Two' }] }, { compareAs });
    expect(outcome.decisions.tags).toBe('theirs');
    expect(outcome.values.tags).toEqual([{ id: 2, title: 'Two' }]);
    expect(merge({ tags: richer }, {}, { compareAs }).decisions.tags).toBe('same');
  });

  it('compares objects whatever the order of their keys', () => {
    const outcome = merge({ tags: [{ title: 'One', id: 1 }] as typeof BASE.tags }, { tags: [] });
    expect(outcome.decisions.tags).toBe('theirs');
  });

  it('does not merge text word by word in a field that is not a text field', () => {
    const outcome = merge({ text: '<p>A b c</p>' }, { text: '<p>a b C</p>' }, { textFields: [] });
    expect(outcome.decisions.text).toBe('conflict');
  });
});
