/**
 * The rights fields of an image's metadata, the only metadata a served image keeps (besides its
 * colour profile): who made it and who holds the rights, for a media library to read. Everything
 * else (GPS position, camera make and serial, dates, software, thumbnails) is dropped by writing
 * the image anew with only these. Read from EXIF IFD0 (Artist, Copyright), XMP (dc:creator,
 * dc:rights, photoshop:Credit, photoshop:Source, xmpRights:*) and IPTC IIM (By-line, Credit,
 * Source, Copyright Notice), and written back as EXIF and a minimal XMP packet.
 */

export interface ImageRights {
  creator?: string;
  copyright?: string;
  credit?: string;
  source?: string;
  usageTerms?: string;
  webStatement?: string;
}

const MAX_TEXT = 2000;

function clean(text: string | undefined): string | undefined {
  // Control characters are dropped (EXIF ASCII and XML both refuse some of them).
  const value = [...(text ?? '')]
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127);
    })
    .join('')
    .trim()
    .slice(0, MAX_TEXT);
  return value ? value : undefined;
}

/** Artist (0x013B) and Copyright (0x8298) of EXIF IFD0 ("Exif\0\0" + TIFF). */
export function exifRights(exif: Buffer | undefined): ImageRights {
  if (!exif || exif.length < 14) return {};
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  if (tiff.length < 8) return {};
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return {};
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  try {
    const ifd = u32(4);
    const count = u16(ifd);
    const out: ImageRights = {};
    for (let i = 0; i < count; i += 1) {
      const entry = ifd + 2 + i * 12;
      const tag = u16(entry);
      if (tag !== 0x013b && tag !== 0x8298) continue;
      const type = u16(entry + 2);
      const length = u32(entry + 4);
      if (type !== 2 || length > MAX_TEXT * 4) continue;
      const at = length <= 4 ? entry + 8 : u32(entry + 8);
      // Copyright may hold "photographer\0editor": both parts are kept.
      const parts = tiff
        .subarray(at, at + length)
        .toString('latin1')
        .split('\0')
        .map((part) => clean(part))
        .filter(Boolean);
      if (parts.length === 0) continue;
      if (tag === 0x013b) out.creator = parts.join(', ');
      else out.copyright = parts.join(', ');
    }
    return out;
  } catch {
    return {};
  }
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return XML_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A property's value in an XMP packet: as an attribute, or as an element (its rdf:li items joined). */
function xmpProperty(xmp: string, name: string): string | undefined {
  const escaped = name.replace(':', '\\:');
  const attribute = new RegExp(`\\s${escaped}\\s*=\\s*"([^"]*)"`).exec(xmp) ?? new RegExp(`\\s${escaped}\\s*=\\s*'([^']*)'`).exec(xmp);
  if (attribute) return clean(decodeXml(attribute[1]!));
  const element = new RegExp(`<${escaped}(?:\\s[^>]*)?>([\\s\\S]*?)</${escaped}>`).exec(xmp);
  if (!element) return undefined;
  const inner = element[1]!;
  const items = [...inner.matchAll(/<rdf:li(?:\s[^>]*)?>([\s\S]*?)<\/rdf:li>/g)].map((m) => decodeXml(m[1]!.replace(/<[^>]*>/g, '')));
  return clean(items.length > 0 ? items.join(', ') : decodeXml(inner.replace(/<[^>]*>/g, '')));
}

export function xmpRights(xmp: Buffer | undefined): ImageRights {
  if (!xmp || xmp.length === 0) return {};
  const text = xmp.toString('utf8');
  const out: ImageRights = {};
  const set = (key: keyof ImageRights, value: string | undefined) => {
    if (value) out[key] = value;
  };
  set('creator', xmpProperty(text, 'dc:creator'));
  set('copyright', xmpProperty(text, 'dc:rights'));
  set('credit', xmpProperty(text, 'photoshop:Credit'));
  set('source', xmpProperty(text, 'photoshop:Source'));
  set('usageTerms', xmpProperty(text, 'xmpRights:UsageTerms'));
  set('webStatement', xmpProperty(text, 'xmpRights:WebStatement'));
  return out;
}

const IPTC_DATASETS: Record<number, keyof ImageRights> = { 80: 'creator', 110: 'credit', 115: 'source', 116: 'copyright' };

/** By-line, Credit, Source and Copyright Notice of IPTC IIM record 2 (in Photoshop's APP13 block or bare). */
export function iptcRights(iptc: Buffer | undefined): ImageRights {
  if (!iptc) return {};
  const out: ImageRights = {};
  for (let at = 0; at + 5 <= iptc.length; at += 1) {
    if (iptc[at] !== 0x1c || iptc[at + 1] !== 2) continue;
    const key = IPTC_DATASETS[iptc[at + 2]!];
    const length = iptc.readUInt16BE(at + 3);
    if (key && !(key in out) && length < 0x8000) {
      const value = clean(iptc.subarray(at + 5, at + 5 + length).toString('utf8'));
      if (value) out[key] = value;
    }
    at += 4 + (length < 0x8000 ? length : 0);
  }
  return out;
}

/** The rights of an image from all three sources, XMP first (it is what current software writes). */
export function imageRights(metadata: { exif?: Buffer | undefined; xmp?: Buffer | undefined; iptc?: Buffer | undefined }): ImageRights {
  return { ...iptcRights(metadata.iptc), ...exifRights(metadata.exif), ...xmpRights(metadata.xmp) };
}

/**
 * EXIF IFD0 entries of the rights: the EXIF's own values where it had them, else the others, in
 * ASCII (EXIF text is ASCII; XMP carries the full text).
 */
export function rightsExif(rights: ImageRights, ownExif: ImageRights = {}): Record<string, string> {
  const ascii = (text: string | undefined) =>
    text
      ?.replace(/©/g, '(c)')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '?');
  rights = { ...rights, ...ownExif };
  const ifd0: Record<string, string> = {};
  if (rights.creator) ifd0.Artist = ascii(rights.creator)!;
  if (rights.copyright) ifd0.Copyright = ascii(rights.copyright)!;
  return ifd0;
}

/** A minimal XMP packet holding only the rights, or null when there are none. */
export function rightsXmp(rights: ImageRights): string | null {
  const lines: string[] = [];
  const alt = (value: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt>`;
  if (rights.creator) lines.push(`<dc:creator><rdf:Seq><rdf:li>${escapeXml(rights.creator)}</rdf:li></rdf:Seq></dc:creator>`);
  if (rights.copyright) lines.push(`<dc:rights>${alt(rights.copyright)}</dc:rights>`);
  if (rights.credit) lines.push(`<photoshop:Credit>${escapeXml(rights.credit)}</photoshop:Credit>`);
  if (rights.source) lines.push(`<photoshop:Source>${escapeXml(rights.source)}</photoshop:Source>`);
  if (rights.usageTerms) lines.push(`<xmpRights:UsageTerms>${alt(rights.usageTerms)}</xmpRights:UsageTerms>`);
  if (rights.webStatement) lines.push(`<xmpRights:WebStatement>${escapeXml(rights.webStatement)}</xmpRights:WebStatement>`);
  if (lines.length === 0) return null;
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""' +
    ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"' +
    ' xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/">' +
    lines.join('') +
    '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  );
}
