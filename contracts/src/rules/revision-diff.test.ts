import type { RevisionContent } from '../schemas/revisions';
import { articleEvent, revisionContent } from '../testing/fixtures';
import {
  changedFields,
  diffRevisions,
  diffText,
  displayValue,
  FIELD_LABELS,
  htmlToText,
  orderFields,
  REVISION_FIELDS,
  revisionSummary,
  sameValue,
  TEXT_FIELDS,
} from './revision-diff';

const BASE = revisionContent();

describe('the field list', () => {
  it('covers every field of a revision exactly once, each labelled in English and German', () => {
    expect(new Set(REVISION_FIELDS).size).toBe(REVISION_FIELDS.length);
    expect([...REVISION_FIELDS].sort()).toEqual(Object.keys(BASE).sort());
    for (const field of REVISION_FIELDS) {
      expect(FIELD_LABELS[field].en).toEqual(expect.any(String));
      expect(FIELD_LABELS[field].de).toEqual(expect.any(String));
    }
    expect(TEXT_FIELDS).toEqual(['title', 'introtext', 'text']);
  });

  it('orders names as the list does and drops unknown ones', () => {
    expect(orderFields(['text', 'bogus', 'title', 'tags'])).toEqual(['title', 'text', 'tags']);
    expect(orderFields([])).toEqual([]);
  });
});

describe('sameValue / changedFields', () => {
  it('finds nothing between equal contents, whatever the key order of objects', () => {
    const reordered = { ...BASE, event: null, location: { state_id: 5, country_code: 'AU' } };
    const other = { ...BASE, location: { country_code: 'AU', state_id: 5 } };
    expect(changedFields(BASE, { ...BASE })).toEqual([]);
    expect(sameValue(reordered.location, other.location)).toBe(true);
  });

  it('lists every changed field in REVISION_FIELDS order', () => {
    const after = { ...BASE, tags: [], title: 'New title', featured: 1, text: '<p>Other</p>' };
    expect(changedFields(BASE, after)).toEqual(['title', 'text', 'featured', 'tags']);
  });

  it('sees a changed order of a list, a changed caption, null against a value, and a missing field', () => {
    expect(changedFields(BASE, { ...BASE, topics: [14, 12] })).toEqual(['topics']);
    expect(changedFields(BASE, { ...BASE, images: [{ id: 3, description: 'Other' }] })).toEqual(['images']);
    expect(changedFields(BASE, { ...BASE, catid: null })).toEqual(['catid']);
    const { notes: _notes, ...withoutNotes } = BASE;
    expect(changedFields(BASE, withoutNotes)).toEqual(['notes']);
    expect(changedFields({}, {})).toEqual([]);
  });

  it('tells 0 from "0" and null from an empty string', () => {
    expect(sameValue(0, '0')).toBe(false);
    expect(sameValue(null, '')).toBe(false);
    expect(sameValue(undefined, null)).toBe(true);
  });
});

describe('htmlToText', () => {
  it('drops tags, breaks lines at block ends and <br>, decodes entities and collapses spaces', () => {
    expect(htmlToText('<p>First <strong>bold</strong>  word.</p><p>Second&nbsp;&amp; last<br>line</p>')).toBe(
      'First bold word.\nSecond & last\nline',
    );
    expect(htmlToText('&lt;tag&gt; &quot;q&quot; &#39;a&#39; &#8364; &#x20AC; &unknown;')).toBe('<tag> "q" \'a\' € € &unknown;');
    expect(htmlToText('')).toBe('');
    expect(htmlToText('<ul><li>one</li><li>two</li></ul>')).toBe('one\ntwo');
  });
});

describe('diffText', () => {
  it('marks added and removed words and keeps the rest', () => {
    const parts = diffText('The quick brown fox', 'The slow brown fox jumps');
    expect(parts.filter((part) => part.kind === 'removed').map((part) => part.value.trim())).toEqual(['quick']);
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.value.trim())).toEqual(['slow', 'jumps']);
    // Reading the kept and added parts gives the new text, the kept and removed the old one.
    expect(
      parts
        .filter((part) => part.kind !== 'removed')
        .map((part) => part.value)
        .join(''),
    ).toBe('The slow brown fox jumps');
    expect(
      parts
        .filter((part) => part.kind !== 'added')
        .map((part) => part.value)
        .join(''),
    ).toBe('The quick brown fox');
  });

  it('gives one kept part for equal texts and nothing for two empty ones', () => {
    expect(diffText('same words', 'same words')).toEqual([{ value: 'same words', kind: 'same' }]);
    expect(diffText('', '')).toEqual([]);
  });

  it('handles a text that appears or disappears whole', () => {
    expect(diffText('', 'new')).toEqual([{ value: 'new', kind: 'added' }]);
    expect(diffText('old', '')).toEqual([{ value: 'old', kind: 'removed' }]);
  });
});

describe('displayValue', () => {
  const full: RevisionContent = {
    ...BASE,
    state: 1,
    access: 3,
    featured: 1,
    ads: [
      { id: 4, subject: 'Summer sale' },
      { id: 5, subject: '' },
    ],
    videos: [
      { id: 6, videoId: 'abc', title: 'Launch' },
      { id: 7, videoId: 'xyz', title: '' },
    ],
    images: [
      { id: 3, description: 'Crowd' },
      { id: 8, description: '' },
    ],
    location: { country_code: 'AU', state_id: 17 },
    event: articleEvent({ venue: 'Pier 1', date: '2026-12-01', address: '1 Harbour Rd' }),
    reference_url: 'https://example.org',
    publish_up: '2026-12-01 06:00:00',
  };

  it.each([
    ['state', 'Published (1)', 'Veröffentlicht (1)'],
    ['access', 'Premium', 'Premium'],
    ['featured', 'Yes', 'Ja'],
    ['newsletter', 'No', 'Nein'],
    ['topics', '#12, #14', '#12, #14'],
    ['catid', '#12', '#12'],
    ['main_image', '#3', '#3'],
    ['tags', 'Harbour', 'Harbour'],
    ['authors', 'Kim Reporter', 'Kim Reporter'],
    ['ads', 'Summer sale, #5', 'Summer sale, #5'],
    ['videos', 'Launch, xyz', 'Launch, xyz'],
    ['images', '#3 “Crowd”, #8', '#3 “Crowd”, #8'],
    ['location', 'AU, #17', 'AU, #17'],
    ['event', 'Pier 1 · 1 Harbour Rd · 2026-12-01 18:00', 'Pier 1 · 1 Harbour Rd · 2026-12-01 18:00'],
    ['reference_url', 'https://example.org', 'https://example.org'],
    ['reference_source', '(none)', '(keine)'],
    ['publish_up', '2026-12-01 06:00:00', '2026-12-01 06:00:00'],
    ['publish_down', '(none)', '(keine)'],
    ['text', 'First paragraph.\nSecond & last.', 'First paragraph.\nSecond & last.'],
  ] as const)('%s reads "%s" / "%s"', (field, en, de) => {
    expect(displayValue(field, full, 'en')).toBe(en);
    expect(displayValue(field, full, 'de')).toBe(de);
  });

  it('reads the other access levels, an unknown one, a state outside the list, empty lists, no location and a country alone', () => {
    expect(displayValue('access', { access: 1 }, 'en')).toBe('Public');
    expect(displayValue('access', { access: 2 }, 'de')).toBe('Registriert');
    expect(displayValue('access', { access: 9 }, 'en')).toBe('9');
    expect(displayValue('state', { state: 7 }, 'en')).toBe('Other (7)');
    expect(displayValue('tags', { tags: [] }, 'en')).toBe('(none)');
    expect(displayValue('location', { location: null }, 'de')).toBe('(keine)');
    expect(displayValue('location', { location: { country_code: 'NZ', state_id: null } }, 'en')).toBe('NZ');
    expect(displayValue('catid', {}, 'en')).toBe('(none)');
  });

  it('reads an event without venue, address or time by its values', () => {
    const event = { ...full.event!, venue: '', address: '', date: '', start_time: '' };
    expect(displayValue('event', { event }, 'en')).toContain('"enabled":1');
  });
});

describe('diffRevisions', () => {
  it('gives the text fields as a word diff of their text and the others as before → after, only what changed', () => {
    const after = {
      ...BASE,
      title: 'Harbour festival closes',
      text: '<p>First paragraph.</p><p>Second &amp; final.</p>',
      featured: 1,
      tags: [
        { id: 1, title: 'Harbour' },
        { id: 9, title: 'Music' },
      ],
    };
    const diff = diffRevisions(BASE, after, 'en');
    expect(diff.map((item) => item.field)).toEqual(['title', 'text', 'featured', 'tags']);
    const title = diff[0]!;
    expect(title).toMatchObject({ kind: 'text', label: 'Title' });
    if (title.kind !== 'text') throw new Error('title is a text diff');
    expect(title.parts).toEqual([
      { value: 'Harbour festival ', kind: 'same' },
      { value: 'opens', kind: 'removed' },
      { value: 'closes', kind: 'added' },
    ]);
    const text = diff[1]!;
    if (text.kind !== 'text') throw new Error('text is a text diff');
    expect(text.parts.some((part) => part.kind === 'added' && part.value === 'final')).toBe(true);
    expect(text.parts.every((part) => !part.value.includes('<'))).toBe(true);
    expect(diff[2]).toEqual({ field: 'featured', label: 'Featured', kind: 'value', before: 'No', after: 'Yes' });
    expect(diff[3]).toEqual({ field: 'tags', label: 'Tags', kind: 'value', before: 'Harbour', after: 'Harbour, Music' });
  });

  it('labels in German', () => {
    expect(diffRevisions(BASE, { ...BASE, newsletter: 1 }, 'de')).toEqual([
      { field: 'newsletter', label: 'Newsletter', kind: 'value', before: 'Nein', after: 'Ja' },
    ]);
  });

  it('is empty for equal revisions, and compares a text field with a missing one as empty', () => {
    expect(diffRevisions(BASE, BASE, 'en')).toEqual([]);
    const { introtext: _intro, ...withoutIntro } = BASE;
    expect(diffRevisions(withoutIntro, BASE, 'en')).toEqual([
      { field: 'introtext', label: 'Intro', kind: 'text', parts: [{ value: 'The intro', kind: 'added' }] },
    ]);
  });
});

describe('revisionSummary', () => {
  it('says which fields changed, in order, in either language', () => {
    expect(revisionSummary({ source: 'editor', changed: ['text', 'title'], restored_from: null, restored_version: null }, 'en')).toBe(
      'Title, Text changed',
    );
    expect(revisionSummary({ source: 'list', changed: ['featured'], restored_from: null, restored_version: null }, 'de')).toBe(
      'Hervorgehoben geändert',
    );
  });

  it('says when nothing changed, a first or imported version, and a restore with or without changes', () => {
    expect(revisionSummary({ source: 'editor', changed: [], restored_from: null, restored_version: null }, 'en')).toBe('Nothing changed');
    expect(revisionSummary({ source: 'editor', changed: null, restored_from: null, restored_version: null }, 'en')).toBe(
      'First recorded version',
    );
    expect(revisionSummary({ source: 'import', changed: null, restored_from: null, restored_version: null }, 'de')).toBe('Importiert');
    const restore = { source: 'restore', restored_from: 40, restored_version: 4 } as const;
    expect(revisionSummary({ ...restore, changed: ['title'] }, 'en')).toBe('Restored version 4: Title changed');
    expect(revisionSummary({ ...restore, changed: ['title'] }, 'de')).toBe('Version 4 wiederhergestellt: Titel geändert');
    expect(revisionSummary({ ...restore, changed: [] }, 'de')).toBe('Version 4 wiederhergestellt');
    expect(revisionSummary({ ...restore, changed: null }, 'en')).toBe('Restored version 4');
    // The restored revision was deleted since (REVISIONS_KEEP): no version to name.
    expect(revisionSummary({ ...restore, restored_version: null, changed: ['text'] }, 'en')).toBe(
      'Restored an earlier version: Text changed',
    );
    expect(revisionSummary({ ...restore, restored_version: null, changed: [] }, 'de')).toBe('Eine frühere Version wiederhergestellt');
  });
});

describe('titles are plain text', () => {
  it('a title is compared and shown as stored: tag-like text stays, entities are not decoded', () => {
    const before = { title: 'Why <script> tags matter' };
    const after = { title: 'Why <script> tags matter &amp; more' };
    const [diff] = diffRevisions(before, after, 'en');
    expect(diff).toMatchObject({ field: 'title', kind: 'text' });
    const parts = diff!.kind === 'text' ? diff!.parts : [];
    expect(
      parts
        .filter((part) => part.kind !== 'removed')
        .map((part) => part.value)
        .join(''),
    ).toBe(after.title);
    expect(
      parts
        .filter((part) => part.kind !== 'added')
        .map((part) => part.value)
        .join(''),
    ).toBe(before.title);
    expect(displayValue('title', before, 'en')).toBe('Why <script> tags matter');
    // Intro and text are HTML: their words.
    expect(displayValue('introtext', { introtext: '<p>Why <b>bold</b></p>' }, 'en')).toBe('Why bold');
  });
});
