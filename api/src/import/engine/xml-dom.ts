/** The parsed feed document: element names resolved by their namespace, and the element lookups every reader uses. */
import type { Document, Element } from 'domhandler';
import { getInnerHTML, textContent } from 'domutils';

/** Namespace URIs → the family their elements are read as ('' = RSS's own elements). */
const NAMESPACES: Record<string, string> = {
  'http://www.w3.org/2005/atom': 'atom',
  'http://purl.org/atom/ns#': 'atom',
  'http://backend.userland.com/rss2': '',
  'http://backend.userland.com/rss': '',
  'http://purl.org/rss/1.0/': '',
  'http://my.netscape.com/rdf/simple/0.9/': '',
  'http://channel.netscape.com/rdf/simple/0.9/': '',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#': 'rdf',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://purl.org/dc/elements/1.0/': 'dc',
  'http://purl.org/dc/terms/': 'dcterms',
  'http://purl.org/rss/1.0/modules/content/': 'content',
  'http://search.yahoo.com/mrss/': 'media',
  'http://search.yahoo.com/mrss': 'media',
  'http://video.search.yahoo.com/mrss': 'media',
  'http://video.search.yahoo.com/mrss/': 'media',
  'http://tools.search.yahoo.com/mrss/': 'media',
  'http://www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'https://www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'http://example.com/dtds/podcast-1.0.dtd': 'itunes',
  'http://www.w3.org/1999/xhtml': '',
};
/** Prefixes read as their usual namespace when a feed uses them without declaring them. */
const UNDECLARED_PREFIXES = new Set(['atom', 'dc', 'dcterms', 'content', 'media', 'itunes', 'rdf']);

/**
 * Renames every element to `family:local` (or just `local` for RSS's and XHTML's own elements) by
 * the namespace in scope, so the reader below matches names, not prefixes. Iterative: a deeply
 * nested document cannot overflow the stack.
 */
export function canonicaliseNames(document: Document): void {
  const stack: Array<{ node: Element; scope: Map<string, string> }> = [];
  const rootScope = new Map<string, string>();
  const push = (children: Document['children'], scope: Map<string, string>) => {
    for (let i = children.length - 1; i >= 0; i -= 1) {
      const child = children[i]!;
      if (child.type === 'tag' || child.type === 'script' || child.type === 'style') stack.push({ node: child as Element, scope });
    }
  };
  push(document.children, rootScope);
  while (stack.length > 0) {
    const { node, scope: parentScope } = stack.pop()!;
    let scope = parentScope;
    for (const [attribute, value] of Object.entries(node.attribs)) {
      if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) {
        if (scope === parentScope) scope = new Map(parentScope);
        scope.set(attribute === 'xmlns' ? '' : attribute.slice(6), value.trim().toLowerCase());
      }
    }
    const colon = node.name.indexOf(':');
    const prefix = colon >= 0 ? node.name.slice(0, colon) : '';
    const local = colon >= 0 ? node.name.slice(colon + 1) : node.name;
    const uri = scope.get(prefix);
    let family: string | undefined = uri === undefined ? undefined : NAMESPACES[uri];
    if (family === undefined) {
      if (uri === undefined && (prefix === '' || UNDECLARED_PREFIXES.has(prefix.toLowerCase()))) family = prefix.toLowerCase();
      else family = prefix ? `${prefix}` : '';
    }
    node.name = family ? `${family}:${local}` : local;
    push(node.children, scope);
  }
}

export function elements(node: Element | Document): Element[] {
  return node.children.filter((child): child is Element => child.type === 'tag' || child.type === 'script' || child.type === 'style');
}

/** The first child element with one of these names. */
export function child(node: Element, ...names: string[]): Element | undefined {
  for (const name of names) {
    const found = node.children.find((c) => (c as Element).name === name) as Element | undefined;
    if (found) return found;
  }
  return undefined;
}

export function children(node: Element, name: string): Element[] {
  return elements(node).filter((c) => c.name === name);
}

export function text(node: Element | undefined): string {
  return node ? textContent(node).trim() : '';
}

/**
 * An RSS element that holds HTML: escaped or in CDATA (its text), or, as some feeds write it, as
 * markup straight in the element (read as markup, as feedparser does).
 */
export function html(node: Element | undefined): string {
  if (!node) return '';
  return elements(node).length > 0 ? innerMarkup(node) : textContent(node).trim();
}

export function attribute(node: Element | undefined, name: string): string {
  return (node?.attribs[name] ?? '').trim();
}

/** Depth-first, document order: the first element with one of these names. */
export function findFirst(root: Document, names: Set<string>): Element | null {
  const stack = [...elements(root)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (names.has(node.name)) return node;
    stack.push(...elements(node).reverse());
  }
  return null;
}

/** Every element with this name under `root`, in document order, not looking inside one found. */
export function findItems(root: Element, name: string | Set<string>): Element[] {
  const matches = typeof name === 'string' ? (n: string) => n === name : (n: string) => name.has(n);
  const found: Element[] = [];
  const stack = [...elements(root)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (matches(node.name)) {
      found.push(node);
      continue;
    }
    stack.push(...elements(node).reverse());
  }
  return found;
}

/** The markup inside an element (XHTML content), as HTML: elements by their local names (an undeclared XHTML namespace leaves them in the feed's). */
export function innerMarkup(node: Element): string {
  const stack = elements(node);
  while (stack.length > 0) {
    const element = stack.pop()!;
    element.name = element.name.slice(element.name.indexOf(':') + 1);
    stack.push(...elements(element));
  }
  const inner = elements(node);
  // Atom's type="xhtml" wraps its content in one <div>, which is not part of it.
  const loneDiv = inner.length === 1 && inner[0]!.name === 'div' && !node.children.some((c) => c.type === 'text' && c.data.trim());
  return getInnerHTML(loneDiv ? inner[0]! : node, { xmlMode: false }).trim();
}
