/**
 * Feed bytes → text. The order of evidence:
 * 1. a byte order mark (UTF-8, UTF-32 LE/BE, UTF-16 LE/BE);
 * 2. the first bytes of an XML document without one (XML 1.0 appendix F: `<` or `<?` as UTF-32 or
 *    UTF-16, in either byte order);
 * 3. the charsets declared by the HTTP Content-Type and the XML declaration, read as WHATWG
 *    Encoding Standard labels (so ISO-8859-1, latin1 and US-ASCII decode as windows-1252, as
 *    browsers do: curly quotes and € survive). When the two disagree, the one that decodes the
 *    bytes cleanly wins; bytes that are valid UTF-8 and not plain ASCII are UTF-8 whatever a
 *    legacy label says (text in a legacy charset almost never forms valid multi-byte UTF-8,
 *    while UTF-8 read as windows-1252 turns "Café" into "CafÃ©");
 * 4. bytes no declaration explains (none declared, or not valid in what was declared): UTF-8 when
 *    they are valid UTF-8, else the charset a detector (chardet) finds in the text between the
 *    tags, else windows-1252 — never U+FFFD for every non-ASCII byte.
 */
import { isUtf8 } from 'node:buffer';
import { analyse } from 'chardet';
import iconv from 'iconv-lite';
import { ImportError } from './errors';

/** The charset of a Content-Type header value, lower-cased. */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  const match = /charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** The encoding named by an XML declaration at the start of ASCII-compatible bytes. */
export function declaredXmlEncoding(body: Buffer): string | null {
  // The declaration is ASCII by definition, so reading the head as latin1 is safe.
  const head = body.subarray(0, 512).toString('latin1');
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return declared?.[1] ? declared[1].toLowerCase() : null;
}

type Wide = 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be';

/** A byte order mark: the encoding and the mark's length. */
function byteOrderMark(body: Buffer): { encoding: 'utf-8' | Wide; length: number } | null {
  const [a, b, c, d] = body;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (a === 0xff && b === 0xfe && c === 0x00 && d === 0x00) return { encoding: 'utf-32le', length: 4 };
  if (a === 0x00 && b === 0x00 && c === 0xfe && d === 0xff) return { encoding: 'utf-32be', length: 4 };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** UTF-16/32 without a mark, from how `<` (the document's first character) is laid out (XML 1.0 appendix F). */
function sniffWide(body: Buffer): Wide | null {
  if (body.length < 4) return null;
  const [a, b, c, d] = body as unknown as [number, number, number, number];
  const lt = 0x3c;
  if (a === 0 && b === 0 && c === 0 && d === lt) return 'utf-32be';
  if (a === lt && b === 0 && c === 0 && d === 0) return 'utf-32le';
  if (a === 0 && b === lt && c === 0 && d !== 0) return 'utf-16be';
  if (a === lt && b === 0 && c !== 0 && d === 0) return 'utf-16le';
  return null;
}

function decodeWide(body: Buffer, encoding: Wide): string {
  // TextDecoder has no UTF-32 (the WHATWG standard dropped it); iconv-lite reads both widths.
  return iconv.decode(body, encoding.replace('-', ''));
}

/** The WHATWG name of a charset label ("latin1" → "windows-1252"), or null when the standard does not know it. */
export function whatwgEncoding(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/**
 * Decodes with a label: the WHATWG name of the label, decoded by iconv-lite (Node's own TextDecoder
 * reads windows-1252 as ISO-8859-1, losing curly quotes and €); names outside the standard that
 * iconv-lite knows are decoded as they are. Null when nobody knows the label.
 */
function decodeAs(body: Buffer, label: string): string | null {
  const name = whatwgEncoding(label);
  if (name === 'utf-8') return body.toString('utf8');
  if (name === 'utf-16le' || name === 'utf-16be') return decodeWide(body, name);
  if (name) return iconv.encodingExists(name) ? iconv.decode(body, name) : new TextDecoder(name).decode(body);
  if (/^utf-?32(le|be)?$/i.test(label)) return null;
  return iconv.encodingExists(label) ? iconv.decode(body, label) : null;
}

/** Charsets of two or more bytes a character (CJK), whose detectors need every byte of the text. */
const MULTI_BYTE = /^(shift_jis|euc-jp|euc-kr|gb18030|big5|iso-2022-(jp|kr|cn))$/i;

/** Bytes in a charset nobody declared (or declared wrongly): what a detector reads in the text between the tags. */
function detectLegacy(body: Buffer): string {
  const between = body
    .subarray(0, 256 * 1024)
    .toString('latin1')
    .replace(/<[^>]*>/g, ' ');
  // A multi-byte charset is recognised by its byte sequences, whose trailing bytes may be ASCII: the text as it is.
  const [best] = analyse(Buffer.from(between, 'latin1'));
  if (best && MULTI_BYTE.test(best.name) && best.confidence >= 50) {
    const decoded = decodeAs(body, best.name);
    if (decoded !== null) return decoded;
  }
  // For single-byte charsets markup is ASCII and drowns the statistics of the words: only the runs of letters are analysed.
  // eslint-disable-next-line no-control-regex -- every byte that is not a Latin letter, control bytes included
  const words = Buffer.from(between.replace(/[\x00-\x40\x5b-\x60\x7b-\x7f]+/g, ' '), 'latin1');
  for (const match of analyse(words)) {
    const decoded = match.name.toUpperCase().startsWith('UTF') ? null : decodeAs(body, match.name);
    if (decoded !== null) return decoded;
  }
  return iconv.decode(body, 'windows-1252');
}

/** The characters windows-1252 has at 0x80–0x9F, by their code (the C1 controls it replaces). */
const CP1252_C1 = iconv.decode(Buffer.from(Array.from({ length: 32 }, (_, i) => 0x80 + i)), 'windows-1252');

/**
 * C1 control characters (U+0080–U+009F) are never text: a feed holding them meant windows-1252's
 * characters at those bytes (curly quotes, dashes, …), as feedparser reads them.
 */
export function replaceC1Controls(text: string): string {
  if (!/[\u0080-\u009f]/.test(text)) return text;
  return text.replace(/[\u0080-\u009f]/g, (c) => {
    const mapped = CP1252_C1[c.charCodeAt(0) - 0x80]!;
    // The five bytes windows-1252 leaves undefined stay as they were.
    return mapped === '\ufffd' ? c : mapped;
  });
}

export function decodeBody(body: Buffer, contentType: string | null | undefined): string {
  return replaceC1Controls(decodeBytes(body, contentType));
}

function decodeBytes(body: Buffer, contentType: string | null | undefined): string {
  const mark = byteOrderMark(body);
  if (mark) {
    const rest = body.subarray(mark.length);
    return mark.encoding === 'utf-8' ? rest.toString('utf8') : decodeWide(rest, mark.encoding);
  }
  const wide = sniffWide(body);
  if (wide) return decodeWide(body, wide);

  const declared = [charsetFromContentType(contentType), declaredXmlEncoding(body)].filter((label): label is string => label !== null);
  const known = declared.filter((label) => whatwgEncoding(label) !== null || iconv.encodingExists(label));
  if (declared.length > 0 && known.length === 0) {
    throw new ImportError('unsupported_format', 'import_unknown_charset', { charset: declared[0] ?? '' });
  }
  // A label for UTF-16/32 on bytes that are not laid out that way (sniffWide found nothing) is wrong: the bytes are ASCII-compatible.
  const usable = known.filter((label) => !/^(utf-?16|utf-?32|ucs-?2|ucs-?4)/i.test(label));
  // Plain ASCII is valid UTF-8 too, and reads the same in every ASCII-compatible charset.
  if (isUtf8(body)) return body.toString('utf8');
  for (const label of usable) {
    if (whatwgEncoding(label) === 'utf-8') continue; // not valid UTF-8 (checked above)
    const text = decodeAs(body, label);
    if (text !== null) return text;
  }
  return detectLegacy(body);
}
