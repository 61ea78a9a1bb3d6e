/**
 * Splits a big XML feed into groups of items that can each be parsed on their own, so an import
 * holds the parse tree of one group at a time instead of the whole feed's (a 15 MiB feed's tree
 * is several times its size) and can write one group while it reads the next.
 *
 * No maintained streaming parser reads the feed formats xml-feed.ts reads, so this finds only the
 * item boundaries: a scan over the markup (comments, CDATA sections, processing instructions and
 * quoted attribute values are skipped whole) that tracks element nesting and records where each
 * top-level item starts and ends — RSS 0.9x/2.0 `<rss><channel><item>`, RSS 1.0/RDF
 * `<rdf:RDF><item>` and Atom `<feed><entry>`. Each group is then the original text around the
 * items (the root with its namespace declarations, the channel's own elements) with only that
 * group's items in it, and goes to the same parser as a whole feed would. Whenever the structure
 * is not exactly that (no items, a DOCTYPE with an internal subset, unbalanced tags), it returns
 * null and the caller parses the document whole.
 */

export interface FeedSplit {
  /** Everything before the first item, and every non-item markup between items. */
  prefix: string;
  /** Everything after the last item (closing tags of the channel and root). */
  suffix: string;
  /** [start, end) of each top-level item in the text. */
  items: Array<[number, number]>;
  /** Nothing but whitespace between the items: a run of items is one slice of the text. */
  contiguous: boolean;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon >= 0 ? name.slice(colon + 1) : name;
}

/** Is an element named `name`, opened with these ancestors (local names), a feed item? */
function isItem(ancestors: readonly string[], name: string): boolean {
  const local = localName(name);
  if (ancestors.length === 2 && local === 'item') return ancestors[0] === 'rss' && ancestors[1] === 'channel';
  if (ancestors.length === 1) return (ancestors[0] === 'RDF' && local === 'item') || (ancestors[0] === 'feed' && local === 'entry');
  return false;
}

/** Past "<!…>" or "<?…?>" at `lt` (-1: unclosed, or a DOCTYPE this splitter does not handle). */
function skipDeclaration(text: string, lt: number, beforeRoot: boolean): number {
  if (text.charCodeAt(lt + 1) === 63 /* ? */) {
    const end = text.indexOf('?>', lt + 2);
    return end < 0 ? -1 : end + 2;
  }
  if (text.startsWith('--', lt + 2)) {
    const end = text.indexOf('-->', lt + 4);
    return end < 0 ? -1 : end + 3;
  }
  if (text.startsWith('[CDATA[', lt + 2)) {
    const end = text.indexOf(']]>', lt + 9);
    return end < 0 ? -1 : end + 3;
  }
  // A DOCTYPE before the root; an internal subset ("[") is not worth handling here.
  const end = text.indexOf('>', lt + 2);
  if (end < 0 || !beforeRoot || text.slice(lt, end).includes('[')) return -1;
  return end + 1;
}

/** Where a tag's name that starts at `from` ends (whitespace, ">" or "/"). */
function tagNameEnd(text: string, from: number): number {
  let at = from;
  for (;;) {
    const c = text.charCodeAt(at);
    if (Number.isNaN(c) || c === 62 /* > */ || c === 47 /* / */ || c === 32 || (c >= 9 && c <= 13)) return at;
    at += 1;
  }
}

/** The index of a start tag's ">" past its attributes (a quoted value may hold ">"); -1 when unclosed. */
function startTagEnd(text: string, from: number): number {
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    if (Number.isNaN(c)) return -1;
    if (c === 34 /* " */ || c === 39 /* ' */) {
      const close = text.indexOf(c === 34 ? '"' : "'", i + 1);
      if (close < 0) return -1;
      i = close + 1;
      continue;
    }
    if (c === 62 /* > */) return i;
    i += 1;
  }
}

/** Item boundaries of an XML feed, or null when the document is not plainly shaped (parse it whole). */
export function splitFeed(text: string): FeedSplit | null {
  const stack: string[] = [];
  const items: Array<[number, number]> = [];
  /** Non-item markup between items (channel elements placed among the items). */
  const between: string[] = [];
  let itemStart = -1;
  /** Nesting depth the open item sits at (its parent's stack length). */
  let itemDepth = -1;
  let lastItemEnd = -1;
  let pos = 0;
  for (;;) {
    const lt = text.indexOf('<', pos);
    if (lt < 0) break;
    // Dispatch on the character after "<" (one read instead of a startsWith per kind of markup).
    const kind = text.charCodeAt(lt + 1);
    if (kind === 33 /* ! */ || kind === 63 /* ? */) {
      // Comments, CDATA, a DOCTYPE before the root, processing instructions: skipped whole.
      const after = skipDeclaration(text, lt, stack.length === 0);
      if (after < 0) return null;
      pos = after;
      continue;
    }
    if (kind === 47 /* / */) {
      const end = text.indexOf('>', lt + 2);
      if (end < 0) return null;
      const open = stack.pop();
      // The usual case compared in place: "</name>" right after the name; otherwise trimmed and compared.
      const sameName =
        open !== undefined && (end === lt + 2 + open.length ? text.startsWith(open, lt + 2) : text.slice(lt + 2, end).trim() === open);
      if (!sameName) return null;
      pos = end + 1;
      if (itemStart >= 0 && stack.length === itemDepth) {
        items.push([itemStart, pos]);
        lastItemEnd = pos;
        itemStart = -1;
      }
      continue;
    }
    // A start tag: its name, then past its attributes (a quoted value may hold ">").
    const nameEnd = tagNameEnd(text, lt + 1);
    if (nameEnd <= lt + 1 || nameEnd >= text.length) return null;
    const name = text.slice(lt + 1, nameEnd);
    const i = startTagEnd(text, nameEnd);
    if (i < 0) return null;
    const selfClosing = text.charCodeAt(i - 1) === 47; /* / */
    pos = i + 1;
    if (itemStart < 0 && stack.length <= 2 && isItem(stack.map(localName), name)) {
      if (lastItemEnd >= 0 && text.slice(lastItemEnd, lt).trim()) between.push(text.slice(lastItemEnd, lt));
      if (selfClosing) {
        items.push([lt, pos]);
        lastItemEnd = pos;
        continue;
      }
      itemStart = lt;
      itemDepth = stack.length;
    }
    if (!selfClosing) stack.push(name);
  }
  if (stack.length > 0 || itemStart >= 0 || items.length === 0) return null;
  const first = items[0]![0];
  return { prefix: text.slice(0, first) + between.join(''), suffix: text.slice(lastItemEnd), items, contiguous: between.length === 0 };
}
