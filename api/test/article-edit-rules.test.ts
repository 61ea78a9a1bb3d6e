// Pure rules of the article editor's API: the form's decoding (contracts' SaveArticleBodySchema codecs), the rich-text sanitiser
// against the OWASP XSS list, the preview, video ids, tag values and stored events. No database.
import { decodeArticleForm, parseEvent as decodeEvent, parseLocation as decodeLocation } from 'contracts/schemas/article-form';
import {
  dateTime as decodeDateTime,
  flag as decodeFlag,
  formatDateTime,
  referenceDate as decodeReferenceDate,
} from 'contracts/schemas/form-fields';
import { decoded } from '../src/lib/http-error';
import { renderPreview } from '../src/routes/article-editor/preview';
import { tagTitles } from '../src/routes/tags';
import { parseVideoId } from '../src/routes/images/video';
import { eventOf, newArticle } from '../src/repositories/article-edit';
import { escapeHtml, IFRAME_HOSTS, RICH_TEXT_OPTIONS, sanitizeRichText } from '../src/lib/sanitize-html';
import { XSS_VECTORS } from './article-edit-xss-vectors';

// The decoders as a route runs them: a problem is the HttpError with the code's English message.
const parseArticleForm = (body: unknown) => decoded(() => decodeArticleForm(body));
const parseEvent = (raw: unknown) => decoded(() => decodeEvent(raw));
const parseLocation = (raw: unknown) => decoded(() => decodeLocation(raw));
const dateTime = (raw: string, name: string) => decoded(() => decodeDateTime(raw, name));
const flag = (raw: unknown, name: string) => decoded(() => decodeFlag(raw, name));
const referenceDate = (raw: string) => decoded(() => decodeReferenceDate(raw));

// The allowlist is the sanitiser's own (one source); what is checked here is that no XSS vector gets
// anything past it, and the URL, iframe and link-target rules below, stated independently.
const ALLOWED_TAGS = new Set(RICH_TEXT_OPTIONS.allowedTags || []);
const ALLOWED_ATTRIBUTES = (RICH_TEXT_OPTIONS.allowedAttributes || {}) as Record<string, string[]>;
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Every problem in sanitised HTML: a tag or attribute outside the allowlist, a script-capable URL, an unsafe link target. */
function problems(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<\/?([a-zA-Z0-9-]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const tag = match[1]!.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) found.push(`tag ${tag}`);
    const attributes = new Map<string, string>();
    for (const attr of (match[2] ?? '').matchAll(/([^\s=]+)(?:="([^"]*)")?/g))
      attributes.set(attr[1]!.toLowerCase(), decode(attr[2] ?? ''));
    for (const [name, value] of attributes) {
      if (!ALLOWED_ATTRIBUTES[tag]?.includes(name)) found.push(`attribute ${name} on ${tag}`);
      if (URL_ATTRIBUTES.has(name)) {
        // eslint-disable-next-line no-control-regex -- browsers ignore control characters and spaces in a URL scheme
        const compact = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
        if (scheme && !['http', 'https', 'mailto', 'tel'].includes(scheme)) found.push(`${scheme}: URL in ${tag}.${name}`);
        if (compact.startsWith('//')) found.push(`protocol-relative URL in ${tag}.${name}`);
        if (tag === 'iframe') {
          const url = new URL(value);
          if (url.protocol !== 'https:' || !(IFRAME_HOSTS as readonly string[]).includes(url.hostname)) found.push(`iframe from ${value}`);
        }
      }
    }
    if (attributes.has('target') && !['_blank', '_self'].includes(attributes.get('target')!))
      found.push(`target ${attributes.get('target')}`);
    if (attributes.get('target') === '_blank' && attributes.get('rel') !== 'noopener noreferrer') found.push('target=_blank without rel');
    if (attributes.has('rel') && attributes.get('target') !== '_blank') found.push('rel without target=_blank');
  }
  // Nothing that looks like markup may survive outside real (checked) tags.
  const text = html.replace(/<[^>]*>/g, '');
  if (/[<>]/.test(text)) found.push('raw angle bracket in text');
  return found;
}

describe('sanitizeRichText against the OWASP XSS filter evasion list', () => {
  it.each(XSS_VECTORS.map((vector, index) => [index, vector]))('vector %i is harmless, stable and idempotent', (_index, vector) => {
    const once = sanitizeRichText(vector as string);
    expect(problems(once)).toEqual([]);
    // Attribute values that survive are checked above (URLs); text is escaped, so no tag can hide in it.
    expect(once).not.toMatch(/<script|<style|<object|<embed|<svg|<math|<form|<base|<meta|<link/i);
    expect(sanitizeRichText(vector as string)).toBe(once);
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('keeps ordinary article markup as it is', () => {
    const html =
      '<h2>Heading</h2><p>Text with <strong>bold</strong>, <em>italic</em> and <a href="https://example.org/a?b=1&amp;c=2" title="t">a link</a>.</p>' +
      '<ul><li>one</li><li>two</li></ul><blockquote>quote</blockquote><img src="/api/image/3" alt="A" />' +
      '<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table><a href="mailto:desk@example.org">mail</a>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('gives links opened in a new window rel="noopener noreferrer" and drops other rel values', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://x.example" target="_BLANK" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://x.example" rel="nofollow">x</a>')).toBe('<a href="https://x.example">x</a>');
    expect(sanitizeRichText('<a href="https://x.example" target="_self">x</a>')).toBe('<a href="https://x.example" target="_self">x</a>');
  });

  it('keeps video player iframes (https, allowed hosts) and drops every other iframe whole', () => {
    const player = '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" allowfullscreen></iframe>';
    expect(sanitizeRichText(player)).toBe(player);
    expect(sanitizeRichText('<p>a</p><iframe src="https://evil.example/x"></iframe>')).toBe('<p>a</p>');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
  });
});

const BASE = {
  id: '0',
  version: '0',
  title: 'Title',
  images: ['{"id":4,"description":"Cap"}'],
  topics: ['10', '11'],
  main_category_id: '10',
};

describe('parseArticleForm', () => {
  it('reads a minimal form with defaults', () => {
    const each = (fields: string[], value: unknown) => Object.fromEntries(fields.map((field) => [field, value]));
    expect(parseArticleForm(BASE)).toEqual({
      id: 0,
      copy: false,
      version: 0,
      title: 'Title',
      main_image: 4,
      images: [{ id: 4, description: 'Cap' }],
      topics: [10, 11],
      main_category_id: 10,
      // What the form left out: access 2 (registered), no text, every switch off, no lists, and null for the rest.
      access: 2,
      ...each(['text', 'introtext', 'notes', 'reference_source', 'reference_url'], ''),
      ...each(['featured', 'newsletter', 'references_at_source', 'use_source_link', 'videos_at_source'], 0),
      ...each(['tags', 'authors', 'ads', 'videos'], []),
      ...each(['date', 'catid', 'reference_date', 'event', 'location', 'publish_up', 'publish_down'], null),
    });
  });

  it('reads single values of array fields as lists of one, and repeated ids once (first place kept)', () => {
    const form = parseArticleForm({
      ...BASE,
      topics: '10',
      tags: ['{"id":3,"title":"a"}', '{"id":2}', '{"id":3}'],
      authors: '{"id":7,"name":"N"}',
      ads: ['5'],
    });
    expect([form.topics, form.tags, form.authors, form.ads]).toEqual([[10], [3, 2], [7], [5]]);
  });

  it('reads a JSON body (real arrays and objects) the same as the form', () => {
    const form = parseArticleForm({
      ...BASE,
      id: 5,
      version: 3,
      images: [{ id: 4, description: 'Cap' }],
      event: { venue: 'Hall' },
      location: { country_code: 'au', state_id: 12 },
    });
    expect(form).toMatchObject({
      id: 5,
      version: 3,
      images: [{ id: 4, description: 'Cap' }],
      location: { country_code: 'AU', state_id: 12 },
    });
    expect(form.event?.venue).toBe('Hall');
  });

  it('uses the chosen main image, or the first image', () => {
    const images = ['{"id":4}', '{"id":9}'];
    expect(parseArticleForm({ ...BASE, images }).main_image).toBe(4);
    expect(parseArticleForm({ ...BASE, images, main_image: '9' }).main_image).toBe(9);
    expect(parseArticleForm({ ...BASE, images, main_image: 'null' }).main_image).toBe(4);
    expect(() => parseArticleForm({ ...BASE, images, main_image: '5' })).toThrow('main_image must be one of the article images');
  });

  it.each([
    [{ images: [] }, 'Please add at least one image'],
    [{ images: undefined }, 'Please add at least one image'],
    [{ main_category_id: '' }, 'Please select a main category'],
    [{ main_category_id: '0' }, 'Please select a main category'],
    [{ main_category_id: '12' }, 'Please select a main category'],
    [{ topics: [] }, 'Please select a main category'],
    [{ title: '' }, 'title is required'],
    [{ title: ['a', 'b'] }, 'title must be a single value'],
    [{ id: '-1' }, 'id must be a whole number'],
    [{ id: '1', version: '' }, 'version is required (the version you opened)'],
    [{ version: 'x' }, 'version must be a whole number'],
    [{ topics: ['ten'] }, 'topics[0].id must be a whole number'],
    [{ images: ['{"id":"x"}'] }, 'images[0].id must be a whole number'],
    [{ images: ['{bad'] }, 'images[0] is not valid JSON'],
    [{ tags: ['[1]'] }, 'tags[0].id must be a whole number'],
    [{ featured: '2' }, 'featured must be 0 or 1'],
    [{ access: '0' }, 'access must be one of 1, 2, 3'],
    [{ references_at_source: 'yes' }, 'references_at_source must be 0 or 1'],
    [{ event: '[]' }, 'event must be a JSON object'],
    [{ event: ['{}', '{}'] }, 'event must be a single value'],
    [{ location: '{"country_code":"AUS"}' }, 'location.country_code must be a two-letter country code'],
    [{ location: '{"country_code":"AU","state_id":"x"}' }, 'location.state_id must be a whole number'],
    [{ publish_up: '2026-13-01 00:00:00' }, 'publish_up must be a date and time (YYYY-MM-DD HH:mm:ss)'],
    [{ publish_up: '2026-01-01 10:00:00', publish_down: '2026-01-01 10:00:00' }, 'publish_down must be after publish_up'],
    [{ reference_url: 'ftp://x.example' }, 'reference_url must be a web address (http:// or https://)'],
    [{ notes: 'x'.repeat(10_001) }, 'notes must be at most 10000 characters long'],
    [{ tags: Array.from({ length: 51 }, (_v, i) => String(i + 1)) }, 'tags may hold at most 50 entries'],
    [{ images: ['{"id":4,"description":7}'] }, 'images[0].description must be text'],
  ])('refuses %j: %s', (change, message) => {
    expect(() => parseArticleForm({ ...BASE, ...change })).toThrow(message);
  });

  it('checks the title before the images and the images before the main category (the first problem is the message)', () => {
    expect(() => parseArticleForm({ ...BASE, title: '', images: [], main_category_id: '' })).toThrow('title is required');
    expect(() => parseArticleForm({ ...BASE, images: [], main_category_id: '' })).toThrow('Please add at least one image');
  });

  it('refuses a body that is not an object', () => {
    expect(() => parseArticleForm(null)).toThrow('The request body must be a form');
    expect(() => parseArticleForm('x')).toThrow('The request body must be a form');
  });

  it('reads copy and the id of the article to copy', () => {
    expect(parseArticleForm({ ...BASE, id: '7', copy: '1', version: '' })).toMatchObject({ id: 7, copy: true, version: 0 });
  });
});

describe('dates', () => {
  it('reference_date: placeholders mean no date, real days only', () => {
    expect(referenceDate('')).toBeNull();
    expect(referenceDate('1970-01-01')).toBeNull();
    expect(referenceDate('1970-01-01 00:00:00')).toBeNull();
    expect(referenceDate('0000-00-00')).toBeNull();
    expect(referenceDate('0000-00-00 00:00:00')).toBeNull();
    expect(referenceDate('2024-02-29')).toBe('2024-02-29');
    expect(referenceDate('2024-02-29T00:00:00.000Z')).toBe('2024-02-29');
    expect(() => referenceDate('2023-02-29')).toThrow('reference_date must be a date (YYYY-MM-DD)');
    expect(() => referenceDate('29.02.2024')).toThrow();
  });

  it('publish_up/publish_down: empty and 0000-00-00 00:00:00 mean none; UTC text and ISO with zones', () => {
    expect(dateTime('', 'x')).toBeNull();
    expect(dateTime('0000-00-00 00:00:00', 'x')).toBeNull();
    expect(dateTime('2026-11-21 06:00:00', 'x')?.toISOString()).toBe('2026-11-21T06:00:00.000Z');
    expect(dateTime('2026-11-21', 'x')?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(dateTime('2026-11-21T08:00:00+02:00', 'x')?.toISOString()).toBe('2026-11-21T06:00:00.000Z');
    expect(dateTime('2026-11-21T06:00:00.250Z', 'x')?.toISOString()).toBe('2026-11-21T06:00:00.250Z');
    expect(() => dateTime('2026-11-21 24:00:00', 'x')).toThrow('x must be a date and time (YYYY-MM-DD HH:mm:ss)');
    expect(formatDateTime(new Date('2026-11-21T06:00:00Z'))).toBe('2026-11-21 06:00:00');
    expect(formatDateTime(null)).toBe('');
  });

  it('flags: 1/true and 0/false/empty', () => {
    expect(['1', 1, true, 'true', ' 1 '].map((value) => flag(value, 'f'))).toEqual([1, 1, 1, 1, 1]);
    expect(['0', 0, false, 'false', '', undefined, null].map((value) => flag(value, 'f'))).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('event and location', () => {
  const full = {
    venue: 'Hall',
    date: '2026-12-01',
    start_time: '18:00',
    end_time_enabled: '1',
    end_date: '2026-12-02',
    end_time: '01:00',
    address: 'Street 1',
    latitude: '-33.8',
    longitude: '151.2',
    limit_number_of_attendees: true,
    attendees_limit: '100',
    ticket_cost: '12.50',
    currency: 'AUD',
    enabled: 1,
    custom_payment_url: 'https://pay.example',
  };

  it('normalises every Event field', () => {
    expect(parseEvent(JSON.stringify(full))).toEqual({
      venue: 'Hall',
      date: '2026-12-01',
      start_time: '18:00',
      end_time_enabled: 1,
      end_date: '2026-12-02',
      end_time: '01:00',
      address: 'Street 1',
      latitude: -33.8,
      longitude: 151.2,
      limit_number_of_attendees: 1,
      attendees_limit: 100,
      ticket_cost: 12.5,
      currency: 'AUD',
      enabled: 1,
      custom_payment_url: 'https://pay.example',
    });
    expect(parseEvent('')).toBeNull();
    expect(parseEvent('null')).toBeNull();
  });

  it.each([
    [{ start_time: '25:00' }, 'event.start_time must be a time (HH:mm)'],
    [{ latitude: '' }, 'event needs both latitude and longitude, or neither'],
    [{ longitude: '181' }, 'event.longitude must be a number from -180 to 180'],
    [{ attendees_limit: '' }, 'event.attendees_limit is required when the number of attendees is limited'],
    [{ attendees_limit: '1.5' }, 'event.attendees_limit must be a whole number from 0 to 1000000'],
    [{ ticket_cost: '-1' }, 'event.ticket_cost must be a number from 0 to 1000000'],
    [{ currency: 'euro' }, 'event.currency must be a currency code like EUR'],
    [{ end_date: '2026-11-30' }, 'event.end_date must not be before event.date'],
    [{ end_date: '2026-12-01', end_time: '17:00' }, 'event.end_time must not be before event.start_time'],
    [{ custom_payment_url: 'javascript:alert(1)' }, 'event.custom_payment_url must be a web address (http:// or https://)'],
    [{ venue: { x: 1 } }, 'event.venue must be text'],
    [{ date: '2026-02-31' }, 'event.date must be a date (YYYY-MM-DD)'],
  ])('refuses %j', (change, message) => {
    expect(() => parseEvent({ ...full, ...change })).toThrow(message);
  });

  it('reads a stored (imported) event into the full shape', () => {
    expect(eventOf({ venue: 'Old hall', latitude: '1.5', enabled: '1', extra: 'x' })).toMatchObject({
      venue: 'Old hall',
      latitude: 1.5,
      enabled: 1,
      longitude: null,
      currency: '',
    });
    expect(eventOf(null)).toBeNull();
    expect(eventOf([1])).toBeNull();
  });

  it('location: no country means no location', () => {
    expect(parseLocation('')).toBeNull();
    expect(parseLocation('{"country_code":"","state_id":""}')).toBeNull();
    expect(parseLocation({ country_code: 'de', state_id: '' })).toEqual({ country_code: 'DE', state_id: null });
  });
});

describe('parseVideoId', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    [' dQw4w9WgXcQ ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=3', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['dQw4w9WgXc', null],
    ['dQw4w9WgXcQQ', null],
    ['https://www.youtube.com/watch?v=short', null],
    ['https://vimeo.com/123', null],
    ['javascript:alert(1)//dQw4w9WgXcQ', null],
    ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', null],
    ['', null],
  ])('%s → %s', (input, expected) => {
    expect(parseVideoId(input)).toBe(expected);
  });
});

describe('tagTitles', () => {
  it('splits on commas, trims, squeezes spaces, drops blanks and repeats in any letter case', () => {
    expect(tagTitles(' Sydney ,  harbour   bridge,,SYDNEY, ')).toEqual(['Sydney', 'harbour bridge']);
    expect(tagTitles('')).toEqual([]);
    expect(() => tagTitles('y'.repeat(101))).toThrow('A tag must be at most 100 characters long');
  });
});

describe('renderPreview', () => {
  const article = {
    ...newArticle(1, 'Sam', new Date('2026-01-01T00:00:00Z')),
    id: 5,
    title: 'Title <b>&</b>',
    introtext: '<p>Intro<script>x()</script></p>',
    notes: 'Line one\nline two\n\nPara "two"',
    main_image: 9,
    images: [
      {
        id: 8,
        file_name: 'a.png',
        file_thumbnail: '/api/image/8/thumb',
        url: '/api/image/8',
        thumb_url: '/api/image/8/thumb',
        description: 'First',
      },
      {
        id: 9,
        file_name: 'b.png',
        file_thumbnail: '/api/image/9/thumb',
        url: '/api/image/9',
        thumb_url: '/api/image/9/thumb',
        description: 'Main <caption>',
      },
    ],
    authors: [
      { id: 1, name: 'Kim <K>' },
      { id: 2, name: 'Lee' },
    ],
    reference_source: 'Wire',
    reference_url: 'https://wire.example/1',
    reference_date: '2026-01-02',
  };

  it('renders the main image (≤ 400px) with caption, title, intro, notes, authors and references, escaped', () => {
    expect(renderPreview(article)).toBe(
      '<article class="article-preview">' +
        '<figure class="article-preview__image"><img src="/api/image/9" alt="Main &#60;caption&#62;" style="max-height:400px;max-width:100%;height:auto">' +
        '<figcaption>Main &#60;caption&#62;</figcaption></figure>' +
        '<h1 class="article-preview__title">Title &#60;b&#62;&#38;&#60;/b&#62;</h1>' +
        '<div class="article-preview__intro"><p>Intro</p></div>' +
        '<div class="article-preview__notes"><p>Line one<br>line two</p><p>Para &#34;two&#34;</p></div>' +
        '<p class="article-preview__authors">By Kim &#60;K&#62;, Lee</p>' +
        '<p class="article-preview__references">Source: <a href="https://wire.example/1" target="_blank" rel="noopener noreferrer">Wire</a>, <time datetime="2026-01-02">2026-01-02</time></p>' +
        '</article>',
    );
  });

  it('leaves out what the article does not have; a non-web reference URL is not a link', () => {
    const bare = { ...newArticle(1, 'Sam', new Date()), title: 'Only a title', reference_url: 'javascript:alert(1)' };
    expect(renderPreview(bare)).toBe(
      '<article class="article-preview"><h1 class="article-preview__title">Only a title</h1>' +
        '<p class="article-preview__references">Source: javascript:alert(1)</p></article>',
    );
  });

  it.each(['1970-01-01', '0000-00-00', '1970-01-01 00:00:00'])(
    'shows no reference date for the placeholder %s (spec section 5)',
    (placeholder) => {
      const article = { ...newArticle(1, 'Sam', new Date()), title: 'T', reference_source: 'Wire', reference_date: placeholder };
      expect(renderPreview(article)).toBe(
        '<article class="article-preview"><h1 class="article-preview__title">T</h1><p class="article-preview__references">Source: Wire</p></article>',
      );
    },
  );
});
