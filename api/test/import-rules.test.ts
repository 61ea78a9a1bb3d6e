/** Pure rules of the feed-import engine: Defaults mapping, dedupe keys, SSRF address rules, image selection, back-off, decoding. */
import { addressRange, isAddressAllowed, STRICT_POLICY, validateNetworks } from '../src/lib/address-guard';
import { dedupeKeys, normaliseLink } from '../src/import/engine/dedupe';
import { articleUrl, mapItem, readDefaults, referenceSource } from '../src/import/engine/defaults';
import { checkUrl } from '../src/import/engine/fetch';
import { firstImageInHtml, pickItemImage } from '../src/import/engine/image';
import { assertNoEntityDeclarations, decodeBody, parseDate, parseFeedText, type FeedItem } from '../src/import/engine/parse';
import { FEED_PLUGINS, isFeedPluginId } from '../src/import/engine/plugins';
import { plainText, sanitizeImportedHtml } from '../src/import/engine/sanitize';
import { nextRunDelayMs, scheduleIntervalMs } from '../src/import/engine/schedule';
import iconv from 'iconv-lite';
import { ConfigError, defaultConfig, loadConfig } from '../src/config';

function item(overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    guid: 'g-1',
    link: 'https://news.example.com/a/1',
    title: 'A title',
    html: '<p>Body</p>',
    summary: null,
    published: new Date('2024-03-01T10:00:00Z'),
    authors: [],
    images: { enclosures: [], mediaContents: [], mediaThumbnails: [], declared: [] },
    base: null,
    hint: '',
    fingerprint: null,
    ...overrides,
  };
}
const NOW = new Date('2024-03-02T12:00:00Z');
const ctx = { now: NOW, feedUrl: 'https://feeds.example.org/rss.xml', feed: { title: 'Example News', link: 'https://news.example.com/' } };

describe('plugins', () => {
  it('lists the five feed types with their ids', () => {
    expect(FEED_PLUGINS.map((p) => p.id)).toEqual(['feed', 'rss', 'rdf', 'atom', 'jsonfeed']);
    expect(isFeedPluginId('atom')).toBe(true);
    expect(isFeedPluginId('csv')).toBe(false);
    expect(isFeedPluginId(3)).toBe(false);
  });
});

describe('readDefaults', () => {
  it('falls back to the form defaults for an empty or broken value', () => {
    for (const raw of [undefined, null, '', 'not json', [], 42, {}]) {
      const d = readDefaults(raw);
      expect(d).toMatchObject({
        state: 0,
        dateFromFeed: true,
        articleType: 'article',
        userId: null,
        sourceDomain: 0,
        dateFirstPublished: false,
        tinyUrl: 0,
        imageSource: 0,
        countryCode: null,
        tags: [],
        authors: [],
        topics: [],
        mainCategoryId: null,
      });
    }
  });

  it('reads strings and numbers alike and ignores out-of-range codes', () => {
    const fromStrings = readDefaults({
      published: '4',
      date: '2',
      sourceDomain: '3',
      tinyURL: '2',
      imageSource: '1',
      dateFirstPublished: '1',
      user: '7',
    });
    const fromNumbers = readDefaults({
      published: 4,
      date: 2,
      sourceDomain: 3,
      tinyURL: 2,
      imageSource: 1,
      dateFirstPublished: 1,
      user: 7,
    });
    expect(fromNumbers).toEqual(fromStrings);
    expect(fromStrings).toMatchObject({
      state: 4,
      dateFromFeed: false,
      sourceDomain: 3,
      tinyUrl: 2,
      imageSource: 1,
      dateFirstPublished: true,
      userId: 7,
    });
    expect(readDefaults({ published: '3', date: '9', sourceDomain: '7', tinyURL: '-1', imageSource: 'x', user: '-2' })).toMatchObject({
      state: 0,
      dateFromFeed: true,
      sourceDomain: 0,
      tinyUrl: 0,
      imageSource: 0,
      userId: null,
    });
    expect(readDefaults({ published: '1' }).state).toBe(1);
    expect(readDefaults({ published: '5' }).state).toBe(5);
  });

  it('reads the source flags, location, tags, authors, topics and the JSON-string form', () => {
    const d = readDefaults(
      JSON.stringify({
        use_source_link: '1',
        videos_at_source: true,
        references_at_source: 0,
        country: 'au',
        state: '3',
        suburb: 'Fitzroy',
        latitude: '-37.8',
        longitude: 144.98,
        postcode: '3065',
        tags: [{ id: 5, title: 'Politics' }, { id: 5, title: 'dup' }, { title: 'politics' }, { title: '' }, { title: 'Local' }],
        authors: [{ id: '9', name: 'Ann' }, { id: 9, name: 'again' }, { name: 'no id' }],
        topics: [12, '13', 'x', 12],
        mainCategory: '14',
      }),
    );
    expect(d).toMatchObject({
      useSourceLink: 1,
      videosAtSource: 1,
      referencesAtSource: 0,
      countryCode: 'AU',
      stateId: 3,
      suburb: 'Fitzroy',
      latitude: -37.8,
      longitude: 144.98,
      postcode: '3065',
      mainCategoryId: 14,
    });
    expect(d.tags).toEqual([
      { id: 5, title: 'Politics' },
      { id: null, title: 'Local' },
    ]);
    expect(d.authors).toEqual([{ id: 9, name: 'Ann' }]);
    // The main category is always among the topics.
    expect(d.topics).toEqual([14, 12, 13]);
    expect(readDefaults({ country: '0', latitude: '200', longitude: 'east' })).toMatchObject({
      countryCode: null,
      latitude: null,
      longitude: null,
    });
  });
});

describe('mapItem (Defaults applied to an item)', () => {
  it('maps state, dates, type, user, flags, location, category and sanitised HTML', () => {
    const d = readDefaults({
      published: '1',
      date: '1',
      contentType: 'opinion',
      user: '3',
      use_source_link: '1',
      references_at_source: '1',
      dateFirstPublished: '1',
      country: 'AU',
      state: '2',
      suburb: 'Carlton',
      latitude: -37.8,
      longitude: 144.97,
      postcode: '3053',
      mainCategory: 12,
      topics: [13],
      tags: [{ id: 1, title: 'x' }],
      authors: [{ id: 4, name: 'A' }],
    });
    const draft = mapItem(item({ html: '<p onclick="x()">Hi<script>alert(1)</script></p>' }), d, ctx);
    expect(draft).toMatchObject({
      title: 'A title',
      introtext: '<p>Hi</p>',
      text: '',
      state: 1,
      date: new Date('2024-03-01T10:00:00Z'),
      article_type: 'opinion',
      created_by: 3,
      use_source_link: 1,
      videos_at_source: 0,
      references_at_source: 1,
      reference_date: new Date('2024-03-01T10:00:00Z'),
      reference_url: 'https://news.example.com/a/1',
      country_code: 'AU',
      state_id: 2,
      suburb: 'Carlton',
      latitude: -37.8,
      longitude: 144.97,
      postcode: '3053',
      main_category_id: 12,
      catid: 12,
      topics: [12, 13],
      authors: [4],
      url: { kind: 'value', value: '' },
      image: { kind: 'none' },
    });
  });

  it('uses the current date when asked, or when the feed has none or one far in the future', () => {
    expect(mapItem(item(), readDefaults({ date: '2' }), ctx).date).toEqual(NOW);
    expect(mapItem(item({ published: null }), readDefaults({ date: '1' }), ctx).date).toEqual(NOW);
    expect(mapItem(item({ published: new Date('2030-01-01T00:00:00Z') }), readDefaults({ date: '1' }), ctx).date).toEqual(NOW);
    expect(mapItem(item(), readDefaults({ dateFirstPublished: '0' }), ctx).reference_date).toBeNull();
  });

  it('fills the source domain four ways', () => {
    expect(referenceSource(readDefaults({ sourceDomain: '0' }), ctx)).toBe('');
    expect(referenceSource(readDefaults({ sourceDomain: '1' }), ctx)).toBe('Example News');
    expect(referenceSource(readDefaults({ sourceDomain: '2' }), ctx)).toBe('feeds.example.org');
    expect(referenceSource(readDefaults({ sourceDomain: '3', sourceDomainCustom: 'Wire' }), ctx)).toBe('Wire');
    // The custom text applies only to 3.
    expect(referenceSource(readDefaults({ sourceDomain: '1', sourceDomainCustom: 'Wire' }), ctx)).toBe('Example News');
  });

  it('fills the URL (tiny URL) four ways', () => {
    const link = 'https://news.example.com/a/1';
    expect(articleUrl(readDefaults({ tinyURL: '0', tinyURLCustom: 'x' }), link)).toEqual({ kind: 'value', value: '' });
    expect(articleUrl(readDefaults({ tinyURL: '1' }), link)).toEqual({ kind: 'value', value: link });
    expect(articleUrl(readDefaults({ tinyURL: '2' }), link)).toEqual({ kind: 'short', target: link });
    expect(articleUrl(readDefaults({ tinyURL: '2' }), '')).toEqual({ kind: 'value', value: '' });
    expect(articleUrl(readDefaults({ tinyURL: '3', tinyURLCustom: 'https://t.example/x' }), link)).toEqual({
      kind: 'value',
      value: 'https://t.example/x',
    });
  });

  it('never keeps a javascript: link', () => {
    const draft = mapItem(item({ link: 'javascript:alert(1)' }), readDefaults({ tinyURL: '1' }), ctx);
    expect(draft.reference_url).toBe('');
    expect(draft.url).toEqual({ kind: 'value', value: '' });
  });

  it('chooses the main image: none, the item image (if any), or the custom image', () => {
    const withImage = item({
      images: {
        enclosures: [{ url: 'https://cdn.example/a.jpg', type: 'image/jpeg' }],
        mediaContents: [],
        mediaThumbnails: [],
        declared: [],
      },
    });
    expect(mapItem(withImage, readDefaults({ imageSource: '0' }), ctx).image).toEqual({ kind: 'none' });
    expect(mapItem(withImage, readDefaults({ imageSource: '1', imageCaption: 'Pic' }), ctx).image).toEqual({
      kind: 'remote',
      url: 'https://cdn.example/a.jpg',
      caption: 'Pic',
    });
    expect(mapItem(item(), readDefaults({ imageSource: '1' }), ctx).image).toEqual({ kind: 'none' });
    expect(
      mapItem(item(), readDefaults({ imageSource: '2', image: { id: 3, file_thumbnail: 't.jpg' }, imageCaption: 'C' }), ctx).image,
    ).toEqual({
      kind: 'custom',
      caption: 'C',
    });
    expect(mapItem(item(), readDefaults({ imageSource: '2', image: null }), ctx).image).toEqual({ kind: 'none' });
  });

  it('splits summary and full content, and titles an untitled item from its text', () => {
    const draft = mapItem(item({ html: '<p>Full</p>', summary: 'Short' }), readDefaults({}), ctx);
    expect(draft.introtext).toBe('Short');
    expect(draft.text).toBe('<p>Full</p>');
    expect(mapItem(item({ title: '', html: '<p>Only text here</p>' }), readDefaults({}), ctx).title).toBe('Only text here');
    expect(mapItem(item({ title: '', html: '' }), readDefaults({}), ctx).title).toBe('Untitled');
    expect(mapItem(item({ title: 'Fish &amp; <b>chips</b>' }), readDefaults({}), ctx).title).toBe('Fish & chips');
  });
});

describe('sanitizeImportedHtml (the article editor allowlist)', () => {
  it('keeps formatting and safe links, drops scripts, handlers, foreign iframes, bad schemes and NUL', () => {
    const out = sanitizeImportedHtml(
      '<h2>T</h2><p style="x" onmouseover="y">a <a href="javascript:alert(1)">j</a> <a href="https://x.example/" target="_blank">ok</a></p>' +
        '<iframe src="https://evil.example/"></iframe><img src="data:image/png;base64,AA"><img src="https://cdn/x.png" alt="x"><script>bad()</script>\u0000',
    );
    expect(out).toBe(
      '<h2>T</h2><p>a <a>j</a> <a href="https://x.example/" target="_blank" rel="noopener noreferrer">ok</a></p><img src="https://cdn/x.png" alt="x" />',
    );
    expect(plainText('Fish &amp;amp; chips\u0000 <b>now</b>')).toBe('Fish &amp; chips now');
  });

  it('resolves relative URLs against the item base, drops href="" and 1×1 tracking images (issue 13, class 8)', () => {
    const out = sanitizeImportedHtml(
      '<p><img src="img/a.jpg" alt="A"> <a href="../about.html">about</a> <a href="">empty</a> <a href="/top">top</a>' +
        '<img src="https://track.example/p.gif" width="1" height="1"><img src="/1x1.gif" width="1px" height="1px"><img src="big.png" width="1" height="300"></p>',
      'https://base.example/news/2024/story.html',
    );
    expect(out).toBe(
      '<p><img src="https://base.example/news/2024/img/a.jpg" alt="A" /> <a href="https://base.example/news/about.html">about</a> <a>empty</a> ' +
        '<a href="https://base.example/top">top</a><img src="https://base.example/news/2024/big.png" width="1" height="300" /></p>',
    );
    // Without a base nothing is resolved, and the security rules are the editor's.
    expect(sanitizeImportedHtml('<a href="x.html" onclick="y">x</a><a href="javascript:alert(1)">j</a>')).toBe(
      '<a href="x.html">x</a><a>j</a>',
    );
  });
});

describe('dedupe keys', () => {
  it('is the GUID when there is one, else the link, else the content hash; bounded in length', () => {
    const kinds = (overrides: Partial<FeedItem>) => dedupeKeys(item(overrides)).map((k) => k.kind);
    expect(kinds({})).toEqual(['guid']);
    expect(kinds({ guid: null })).toEqual(['link']);
    expect(kinds({ guid: '  ', link: null })).toEqual(['hash']);
    for (const k of [...dedupeKeys(item()), ...dedupeKeys(item({ guid: 'x'.repeat(5000) }))]) expect(k.key.length).toBeLessThanOrEqual(70);
  });

  it('keeps items with different GUIDs apart even when their title and text are the same (issue 13, class 7)', () => {
    const monday = dedupeKeys(item({ guid: 'weather-monday', link: 'https://x.example/w?d=1', title: 'Weather', html: 'Sunny' }));
    const tuesday = dedupeKeys(item({ guid: 'weather-tuesday', link: 'https://x.example/w?d=2', title: 'Weather', html: 'Sunny' }));
    expect(monday.some((k) => tuesday.some((t) => t.key === k.key))).toBe(false);
    // Without GUIDs the link decides: a corrected text under the same link is the same item.
    const first = dedupeKeys(item({ guid: null, link: 'https://x.example/t', html: 'Roads are clear.' }));
    const corrected = dedupeKeys(item({ guid: null, link: 'https://x.example/t', html: 'Roads are clear, except the bridge.' }));
    expect(first).toEqual(corrected);
  });

  it('matches the same item again, and the same link with tracking parameters or a fragment', () => {
    expect(dedupeKeys(item())).toEqual(dedupeKeys(item()));
    const a = dedupeKeys(item({ guid: null, link: 'https://News.example.com/a/1?utm_source=x#top' }));
    const b = dedupeKeys(item({ guid: null, link: 'https://news.example.com/a/1' }));
    expect(a[0]).toEqual(b[0]);
    expect(normaliseLink('https://x.example/p?id=2&utm_medium=rss')).toBe('https://x.example/p?id=2');
  });

  it('tells different items apart and ignores markup/whitespace in the content hash', () => {
    const k1 = dedupeKeys(item({ guid: 'a' }));
    const k2 = dedupeKeys(item({ guid: 'b' }));
    expect(k1[0]).not.toEqual(k2[0]);
    const h1 = dedupeKeys(item({ guid: null, link: null, html: '<p>Same   text &amp; more</p>' }))[0];
    const h2 = dedupeKeys(item({ guid: null, link: null, html: 'same text & more' }))[0];
    const h3 = dedupeKeys(item({ guid: null, link: null, html: 'other text' }))[0];
    expect(h1).toEqual(h2);
    expect(h1).not.toEqual(h3);
  });
});

describe('SSRF address rules', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '127.0.0.1',
    '127.8.8.8',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    '2001::1',
  ])('refuses %s', (address) => {
    expect(isAddressAllowed(address, STRICT_POLICY)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(isAddressAllowed(address, STRICT_POLICY)).toBe(true);
  });

  it('refuses what is not an address', () => {
    expect(isAddressAllowed('example.com', STRICT_POLICY)).toBe(false);
    expect(addressRange('nope')).toBe('invalid');
  });

  it('allows configured networks only, or everything with allowPrivate', () => {
    const loopback = { allowPrivate: false, allowedNetworks: ['127.0.0.0/8', '::1'] };
    expect(isAddressAllowed('127.0.0.1', loopback)).toBe(true);
    expect(isAddressAllowed('::1', loopback)).toBe(true);
    expect(isAddressAllowed('::ffff:127.0.0.1', loopback)).toBe(true);
    expect(isAddressAllowed('10.0.0.1', loopback)).toBe(false);
    expect(isAddressAllowed('10.0.0.1', { allowPrivate: true, allowedNetworks: [] })).toBe(true);
    expect(() => validateNetworks(['10.0.0.0/8', 'fd00::/8'])).not.toThrow();
    expect(() => validateNetworks(['10.0.0.0/99'])).toThrow(/not an IP address/);
  });

  it('checks the URL: http(s) only and IP literals before connecting', () => {
    expect(() => checkUrl('file:///etc/passwd', STRICT_POLICY)).toThrow('Only http and https feed URLs are allowed (got file)');
    expect(() => checkUrl('ftp://x.example/', STRICT_POLICY)).toThrow(/Only http and https/);
    expect(() => checkUrl('not a url', STRICT_POLICY)).toThrow(/is not a valid URL/);
    expect(() => checkUrl('http://169.254.169.254/latest/meta-data', STRICT_POLICY)).toThrow(
      'Refused to connect to 169.254.169.254: linkLocal addresses are not allowed for feeds',
    );
    expect(() => checkUrl('http://[::1]:8080/', STRICT_POLICY)).toThrow(/loopback addresses are not allowed/);
    expect(checkUrl('https://news.example.com/feed', STRICT_POLICY).hostname).toBe('news.example.com');
  });
});

describe('image selection', () => {
  const empty = { enclosures: [], mediaContents: [], mediaThumbnails: [], declared: [] };
  it('prefers an image enclosure, then media:content, then media:thumbnail, then declared, then the first <img>', () => {
    const all = item({
      html: '<p><img src="/in-content.jpg"></p>',
      images: {
        enclosures: [
          { url: 'https://c/audio.mp3', type: 'audio/mpeg' },
          { url: 'https://c/enc.jpg', type: 'image/jpeg' },
        ],
        mediaContents: [{ url: 'https://c/media.png', medium: 'image' }],
        mediaThumbnails: ['https://c/thumb.jpg'],
        declared: ['https://c/declared.jpg'],
      },
    });
    expect(pickItemImage(all)).toBe('https://c/enc.jpg');
    expect(pickItemImage({ ...all, images: { ...all.images, enclosures: [] } })).toBe('https://c/media.png');
    expect(pickItemImage({ ...all, images: { ...empty, mediaThumbnails: ['https://c/thumb.jpg'], declared: ['https://c/d.jpg'] } })).toBe(
      'https://c/thumb.jpg',
    );
    expect(pickItemImage({ ...all, images: { ...empty, declared: ['https://c/d.jpg'] } })).toBe('https://c/d.jpg');
    expect(pickItemImage({ ...all, images: empty })).toBe('https://news.example.com/in-content.jpg');
  });

  it('skips non-images and unsafe URLs, and finds nothing when there is nothing', () => {
    expect(
      pickItemImage(
        item({
          images: {
            ...empty,
            enclosures: [{ url: 'https://c/a.mp3', type: 'audio/mpeg' }],
            mediaContents: [{ url: 'https://c/v.mp4', medium: 'video' }],
          },
        }),
      ),
    ).toBeNull();
    expect(pickItemImage(item({ html: '<img src="javascript:alert(1)">' }))).toBeNull();
    expect(pickItemImage(item({ images: { ...empty, enclosures: [{ url: 'https://c/pic.png?w=2' }] } }))).toBe('https://c/pic.png?w=2');
    expect(firstImageInHtml(`<p>x</p><IMG alt='a' SRC='https://c/x.gif?a=1&amp;b=2'>`)).toBe('https://c/x.gif?a=1&b=2');
    expect(firstImageInHtml('<p>no image</p>')).toBeNull();
    // A tracking pixel is never the main image; a relative image resolves against the item base.
    expect(firstImageInHtml('<img src="https://t.example/p.gif" width="1" height="1"><img src="https://c/real.jpg">')).toBe(
      'https://c/real.jpg',
    );
    expect(pickItemImage({ ...item({ html: '<img src="pics/a.jpg">', images: empty }), base: 'https://base.example/news/' })).toBe(
      'https://base.example/news/pics/a.jpg',
    );
  });
});

describe('schedule and back-off', () => {
  it('knows the four intervals', () => {
    expect([1, 2, 3, 4].map(scheduleIntervalMs)).toEqual([3_600_000, 86_400_000, 604_800_000, 300_000]);
    expect(scheduleIntervalMs(9)).toBeNull();
  });
  it('backs off exponentially after failures, capped at a day (or the interval when longer)', () => {
    expect(nextRunDelayMs(4, 0)).toBe(300_000);
    expect(nextRunDelayMs(4, 1)).toBe(600_000);
    expect(nextRunDelayMs(4, 3)).toBe(2_400_000);
    expect(nextRunDelayMs(4, 50)).toBe(86_400_000);
    expect(nextRunDelayMs(1, 2)).toBe(4 * 3_600_000);
    expect(nextRunDelayMs(3, 4)).toBe(604_800_000);
  });
});

describe('decoding and parsing', () => {
  it('decodes by BOM, Content-Type charset, XML declaration, else UTF-8', () => {
    const latin = iconv.encode(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Caf\u00e9</title></channel></rss>',
      'latin1',
    );
    expect(decodeBody(latin, null)).toContain('Caf\u00e9');
    const win = iconv.encode('<rss><channel><title>\u201cq\u201d</title></channel></rss>', 'win1252');
    expect(decodeBody(win, 'text/xml; charset=windows-1252')).toContain('\u201cq\u201d');
    expect(decodeBody(Buffer.from('\ufeff<rss/>', 'utf8'), 'text/xml; charset=latin1')).toBe('<rss/>');
    expect(() => decodeBody(Buffer.from('<rss/>'), 'text/xml; charset=x-klingon')).toThrow(
      'The feed declares an unknown character encoding "x-klingon"',
    );
  });

  it('follows XML appendix F, WHATWG labels and the charset that decodes (issue 13, class 6)', () => {
    const doc = '<?xml version="1.0" encoding="UTF-16"?><rss><channel><title>Gr\u00fc\u00dfe \u20ac \u65e5\u672c</title></channel></rss>';
    const title = 'Gr\u00fc\u00dfe \u20ac \u65e5\u672c';
    expect(decodeBody(Buffer.from(doc, 'utf16le'), null)).toContain(title);
    expect(decodeBody(iconv.encode(doc, 'utf16be'), 'application/rss+xml')).toContain(title);
    expect(decodeBody(iconv.encode(doc.replace('UTF-16', 'UTF-32'), 'utf32be'), null)).toContain(title);
    expect(decodeBody(Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), iconv.encode(doc, 'utf32le')]), 'text/xml; charset=utf-8')).toContain(
      title,
    );
    // ISO-8859-1 and US-ASCII labels are windows-1252: curly quotes and the euro sign survive.
    const quoted = iconv.encode('<rss><channel><title>\u201cq\u201d 5 \u20ac</title></channel></rss>', 'win1252');
    expect(decodeBody(quoted, 'text/xml; charset=ISO-8859-1')).toContain('\u201cq\u201d 5 \u20ac');
    expect(decodeBody(quoted, 'text/xml; charset=us-ascii')).toContain('\u201cq\u201d 5 \u20ac');
    // UTF-8 served as ISO-8859-1, and ISO-8859-1 served as UTF-8: the label that decodes wins.
    const utf8 = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><rss><channel><title>Caf\u00e9</title></channel></rss>', 'utf8');
    expect(decodeBody(utf8, 'application/rss+xml; charset=ISO-8859-1')).toContain('<title>Caf\u00e9</title>');
    const latin = iconv.encode(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Caf\u00e9</title></channel></rss>',
      'latin1',
    );
    expect(decodeBody(latin, 'application/rss+xml; charset=utf-8')).toContain('<title>Caf\u00e9</title>');
    // Undeclared legacy bytes are detected, not stored as U+FFFD.
    const russian = iconv.encode(
      `<rss><channel><title>\u041d\u043e\u0432\u043e\u0441\u0442\u0438</title>${'<item><description>\u0413\u043e\u0440\u043e\u0434\u0441\u043a\u043e\u0439 \u043c\u043e\u0441\u0442 \u0441\u043d\u043e\u0432\u0430 \u043e\u0442\u043a\u0440\u043e\u0435\u0442\u0441\u044f \u0432 \u043f\u044f\u0442\u043d\u0438\u0446\u0443 \u0443\u0442\u0440\u043e\u043c.</description></item>'.repeat(3)}</channel></rss>`,
      'win1251',
    );
    const decoded = decodeBody(russian, null);
    expect(decoded).toContain('\u041d\u043e\u0432\u043e\u0441\u0442\u0438');
    expect(decoded).not.toContain('\ufffd');
  });

  it('refuses entity declarations but accepts a plain DOCTYPE', () => {
    expect(() => assertNoEntityDeclarations('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "x">]><rss/>')).toThrow(/declares XML entities/);
    expect(() =>
      assertNoEntityDeclarations(
        '<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd"><rss/>',
      ),
    ).not.toThrow();
  });

  it('parses RSS, Atom, RDF and JSON Feed into one shape and checks the plugin', () => {
    const rss = parseFeedText(
      '<rss version="2.0"><channel><title>R</title><link>https://r.example/</link><item><title>One</title><link>https://r.example/1</link><guid>id-1</guid><pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate><description>D</description></item></channel></rss>',
    );
    expect(rss).toMatchObject({
      format: 'rss',
      title: 'R',
      items: [{ guid: 'id-1', link: 'https://r.example/1', title: 'One', html: 'D', published: new Date('2003-06-10T04:00:00Z') }],
    });
    const atom = parseFeedText(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id>urn:1</id><title>E</title><link href="https://a.example/1"/><updated>2024-01-01T00:00:00Z</updated><content type="html">&lt;p&gt;C&lt;/p&gt;</content></entry></feed>',
      'atom',
    );
    expect(atom).toMatchObject({ format: 'atom', items: [{ guid: 'urn:1', link: 'https://a.example/1', html: '<p>C</p>' }] });
    const json = parseFeedText(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'J',
        items: [{ id: 7, url: 'https://j.example/7', content_text: 'a < b', image: 'https://j.example/i.png' }],
      }),
      'jsonfeed',
    );
    expect(json).toMatchObject({
      format: 'json',
      items: [{ guid: '7', html: '<p>a &lt; b</p>', images: { declared: ['https://j.example/i.png'] } }],
    });
    expect(() => parseFeedText('<rss version="2.0"><channel><title>R</title></channel></rss>', 'atom')).toThrow(
      'The importer expects Atom but the feed is RSS',
    );
    expect(() => parseFeedText('<html><body>hi</body></html>')).toThrow('The document is not an RSS, RDF, Atom or JSON feed');
    // An element left open is closed by the forgiving parser (as feedparser does), not a refusal …
    expect(parseFeedText('<rss><channel><item><title>a</item></channel></rss>').items.map((i) => i.title)).toEqual(['a']);
    // … and items with nothing in them are items too (as feedparser's entries), marked empty: the run reports each.
    expect(parseFeedText('<rss><channel><item></item><item><category>News</category></item></channel></rss>').items).toMatchObject([
      { title: '', fingerprint: '' },
      { title: '', hint: 'News', fingerprint: 'News' },
    ]);
    expect(() => mapItem(parseFeedText('<rss><channel><item></item></channel></rss>').items[0]!, readDefaults({}), ctx)).toThrow(
      'The item holds nothing (no title, link, GUID, text or any other field): it was not imported',
    );
    expect(() => parseFeedText('{"version": ')).toThrow(/The feed is not valid JSON/);
    expect(() => parseFeedText('   ')).toThrow('The feed is empty');
  });

  it('reads dates with unknown zone names', () => {
    expect(parseDate('Tue, 10 Jun 2003 04:00:00 GMT')).toEqual(new Date('2003-06-10T04:00:00Z'));
    expect(parseDate('2024-05-01T10:00:00+02:00')).toEqual(new Date('2024-05-01T08:00:00Z'));
    expect(parseDate('')).toBeNull();
    expect(parseDate('someday')).toBeNull();
    // No zone: UTC (as feedparser), not the server's zone.
    expect(parseDate('2024-05-01T10:00:00')).toEqual(new Date('2024-05-01T10:00:00Z'));
    expect(parseDate('2024-05-01 10:00')).toEqual(new Date('2024-05-01T10:00:00Z'));
  });

  it('reads names by namespace, markup written straight into an element, and items once', () => {
    const feed = parseFeedText(
      '<rss version="2.0" xmlns:m="http://search.yahoo.com/mrss/"><channel><title>T</title>' +
        // The media prefix undeclared (read as Media RSS anyway), another prefix for it declared.
        '<item><title>One</title><link>https://x.example/1</link><media:thumbnail url="https://x.example/1.jpg"/><m:description>Via m:</m:description></item>' +
        // Unescaped markup in the description, an unclosed <br> in it, and an <item> inside the text is not an item of its own.
        '<item><title>Two</title><link>https://x.example/2</link><description><p>Line<br>next <a href="/a">a</a></p><item>not an item</item></description></item>' +
        '</channel></rss>',
      'feed',
      { url: 'https://x.example/feed.xml' },
    );
    expect(feed.items.map((i) => i.title)).toEqual(['One', 'Two']);
    expect(feed.items[0]).toMatchObject({ html: '<p>Via m:</p>', images: { mediaThumbnails: ['https://x.example/1.jpg'] } });
    expect(feed.items[1]!.html).toBe('<p>Line<br>next <a href="/a">a</a></p><item>not an item</item>');
    expect(feed.items[1]!.base).toBe('https://x.example/2');
    // RSS 1.0: items beside the channel, the rdf:about as GUID; Atom text escaped, Atom HTML kept.
    const rdf = parseFeedText(
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="https://r.example/"><title>R</title><link>https://r.example/</link></channel>' +
        '<item rdf:about="https://r.example/1"><title>R1</title><link>https://r.example/1</link></item></rdf:RDF>',
    );
    expect(rdf).toMatchObject({ format: 'rdf', title: 'R', items: [{ guid: 'https://r.example/1', title: 'R1' }] });
    const atom = parseFeedText(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id>a1</id><title type="text">1 &lt; 2</title><summary type="html">&lt;b&gt;bold&lt;/b&gt;</summary><content type="text">x &lt; y</content></entry></feed>',
    );
    expect(atom.items[0]).toMatchObject({ title: '1 &lt; 2', html: 'x &lt; y', summary: '<b>bold</b>' });
  });
});

describe('import configuration', () => {
  it('reads the import variables from the environment', () => {
    const config = loadConfig({
      CRON_SECRET: 's3cret',
      IMPORT_SCHEDULER: '0',
      IMPORT_SCHEDULER_TICK_SECONDS: '5',
      IMPORT_ALLOW_PRIVATE_HOSTS: '1',
      IMPORT_ALLOWED_NETWORKS: '10.1.2.0/24, fd00::/8',
      IMPORT_MAX_BYTES: '2048',
      IMPORT_TIMEOUT_SECONDS: '12',
      IMPORT_CONNECT_TIMEOUT_SECONDS: '3',
      PUBLIC_URL: 'https://nd.example/',
    });
    expect(config).toMatchObject({
      cronSecret: 's3cret',
      importScheduler: false,
      importSchedulerTickSeconds: 5,
      importAllowPrivateHosts: true,
      importAllowedNetworks: ['10.1.2.0/24', 'fd00::/8'],
      importMaxBytes: 2048,
      importTimeoutSeconds: 12,
      importConnectTimeoutSeconds: 3,
      publicUrl: 'https://nd.example',
      placesProvider: 'local',
    });
  });

  it('defaults: scheduler on when started from the environment, off for embedding/tests; the SSRF guard on', () => {
    expect(loadConfig({})).toMatchObject({
      importScheduler: true,
      importAllowPrivateHosts: false,
      importAllowedNetworks: [],
      cronSecret: undefined,
      importMaxBytes: 15 * 1024 * 1024,
    });
    expect(defaultConfig().importScheduler).toBe(false);
  });

  it('refuses bad values', () => {
    expect(() => loadConfig({ IMPORT_ALLOWED_NETWORKS: '10.0.0.0/8,nonsense' })).toThrow(ConfigError);
    expect(() => loadConfig({ IMPORT_ALLOWED_NETWORKS: 'nonsense' })).toThrow(
      'IMPORT_ALLOWED_NETWORKS: "nonsense" is not an IP address or CIDR range',
    );
    expect(() => loadConfig({ PLACES_PROVIDER: 'google' })).toThrow('PLACES_PROVIDER must be "local" (got "google")');
    expect(() => loadConfig({ IMPORT_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
  });
});
