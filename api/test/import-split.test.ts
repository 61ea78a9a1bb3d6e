/**
 * Reading big feeds in groups (split.ts + parseFeedInGroups): every real-world feed read in groups
 * of one or two items gives exactly the items and channel fields of a whole parse, and markup that
 * looks like an item boundary but is not (in CDATA, comments, attribute values, nested elements)
 * never splits anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodeBody, parseFeedInGroups, parseFeedText } from '../src/import/engine/parse';
import { splitFeed } from '../src/import/engine/split';
import { FIXTURES, realWorldFeeds } from './import-feed-server';

const forceSplit = (groupItems: number) => ({ groupItems, splitFromChars: 0 });

function readAll(text: string, groupItems: number) {
  const grouped = parseFeedInGroups(text, 'feed', forceSplit(groupItems));
  const groups = [...grouped.groups];
  return { title: grouped.title, link: grouped.link, format: grouped.format, groups, items: groups.flat() };
}

describe('real-world feeds read in groups equal a whole parse', () => {
  const names = realWorldFeeds();
  let split = 0;
  afterAll(() => {
    // Most fixtures are plain RSS/Atom and must really be split (not just fall back to a whole parse).
    expect(split).toBeGreaterThanOrEqual(20);
  });
  it.each(names)('%s', (name) => {
    const text = decodeBody(fs.readFileSync(path.join(FIXTURES, name)), null);
    let whole: ReturnType<typeof parseFeedText>;
    try {
      whole = parseFeedText(text);
    } catch (error) {
      // A refused document is refused the same way in groups.
      expect(() => readAll(text, 1)).toThrow((error as Error).message);
      return;
    }
    if (splitFeed(text)) split += 1;
    for (const size of [1, 2, 1000]) {
      const grouped = readAll(text, size);
      expect(grouped.format).toBe(whole.format);
      expect(grouped.title).toBe(whole.title);
      expect(grouped.link).toBe(whole.link);
      expect(grouped.items).toEqual(whole.items);
      expect(grouped.groups.every((g) => g.length <= size)).toBe(true);
    }
  });
});

const rss = (items: string, channelTail = '') =>
  `<?xml version="1.0"?>\n<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>T</title><link>https://x.example/</link>${items}${channelTail}</channel></rss>`;

describe('splitFeed', () => {
  it('finds top-level RSS items and keeps the channel around them', () => {
    const text = rss('<item><title>a</title></item>\n<item><title>b</title></item>');
    const split = splitFeed(text)!;
    expect(split.items.map(([s, e]) => text.slice(s, e))).toEqual(['<item><title>a</title></item>', '<item><title>b</title></item>']);
    expect(split.prefix).toContain('<title>T</title>');
    expect(split.suffix).toBe('</channel></rss>');
  });

  it('is not fooled by item-like markup in CDATA, comments, attribute values or nested elements', () => {
    const text = rss(
      '<item><title>a</title><description><![CDATA[</item><item> <p>x</p>]]></description></item>' +
        '<!-- <item><title>commented</title></item> -->' +
        '<item><title>b</title><media:content url="https://c.example/i.jpg?a=1>2" medium="image"/><foo:item xmlns:foo="urn:x">n</foo:item></item>' +
        '<item><title>c</title><enclosure url=\'https://c.example/>/a.mp3\' type="audio/mpeg" length="1"/></item>',
    );
    const split = splitFeed(text)!;
    expect(split.items).toHaveLength(3);
    const whole = parseFeedText(text);
    expect(readAll(text, 1).items).toEqual(whole.items);
    expect(whole.items.map((i) => i.title)).toEqual(['a', 'b', 'c']);
  });

  it('keeps channel elements placed among or after the items', () => {
    const text = `<rss version="2.0"><channel><item><title>a</title></item><description>D</description><item><title>b</title></item><title>Late title</title></channel></rss>`;
    const whole = parseFeedText(text);
    const grouped = readAll(text, 1);
    expect(grouped.title).toBe(whole.title);
    expect(grouped.items).toEqual(whole.items);
  });

  it('reads RSS 1.0 (RDF) items beside the channel and Atom entries', () => {
    const rdf =
      '<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">' +
      '<channel rdf:about="https://x.example/"><title>R</title><link>https://x.example/</link></channel>' +
      '<item rdf:about="https://x.example/1"><title>one</title><link>https://x.example/1</link></item>' +
      '<item rdf:about="https://x.example/2"><title>two</title><link>https://x.example/2</link></item></rdf:RDF>';
    expect(splitFeed(rdf)!.items).toHaveLength(2);
    expect(readAll(rdf, 1).items).toEqual(parseFeedText(rdf).items);
    const atom =
      '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><id>urn:a</id><updated>2024-01-01T00:00:00Z</updated>' +
      '<entry><id>urn:1</id><title>one</title><updated>2024-01-01T00:00:00Z</updated></entry>' +
      '<entry><id>urn:2</id><title>two</title><updated>2024-01-01T00:00:00Z</updated></entry></feed>';
    expect(splitFeed(atom)!.items).toHaveLength(2);
    expect(readAll(atom, 1).items).toEqual(parseFeedText(atom).items);
  });

  it('declines documents it does not plainly understand, which are then parsed whole', () => {
    expect(splitFeed(rss(''))).toBeNull(); // no items
    expect(splitFeed('<!DOCTYPE rss [<!ELEMENT rss ANY>]>' + rss('<item><title>a</title></item>'))).toBeNull();
    expect(splitFeed(rss('<item><title>a</title>'))).toBeNull(); // unbalanced
    expect(splitFeed('<rss><channel><item><title>a</b></item></channel></rss>')).toBeNull(); // mismatched
    expect(splitFeed('<html><body><item>x</item></body></html>')).toBeNull(); // not a feed shape
    expect(splitFeed('<rss><channel><item><!-- never closed')).toBeNull();
    expect(readAll(rss('<item><title>a</title></item>'), 1).items.map((i) => i.title)).toEqual(['a']);
  });

  it('refuses a malformed group like a whole parse would', () => {
    const text = rss('<item><title>a</title></item><item><title a="1" a="2">b</title></item>');
    let wholeError = '';
    try {
      parseFeedText(text);
    } catch (error) {
      wholeError = (error as Error).message;
    }
    if (wholeError) expect(() => readAll(text, 1)).toThrow(wholeError);
    else expect(readAll(text, 1).items).toEqual(parseFeedText(text).items);
  });

  it('still refuses entity declarations when reading in groups', () => {
    const text = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaa">]>${rss('<item><title>&a;</title></item>')}`;
    expect(() => readAll(text, 1)).toThrow(/entities/);
  });
});
