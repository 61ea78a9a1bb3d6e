// What a served image tells about where and with what it was taken: nothing. GPS position and
// camera data are gone from every served file; the orientation is applied and the rights fields
// (creator, copyright, credit) are kept for a media library.
import sharp from 'sharp';
import { exifRights, iptcRights, xmpRights } from '../src/lib/image-rights';
import { imagesRepository } from '../src/repositories/images';
import { sha256 } from '../src/services/image-store';
import { uploadRequest } from './article-edit-fixtures';
import { body, describeEachDatabase } from './helpers';

/** The tags of EXIF IFD0 ("Exif\0\0" + TIFF, or bare TIFF as PNG's eXIf holds it). */
function ifd0Tags(exif: Buffer | undefined): number[] {
  if (!exif) return [];
  const tiff = exif.subarray(exif.toString('latin1', 0, 4) === 'Exif' ? 6 : 0);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}

const GPS_IFD = 0x8825;
const MAKE = 0x010f;
const MODEL = 0x0110;

const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"
 exif:GPSLatitude="48,8.5N" exif:GPSLongitude="11,34.2E" tiff:Make="Canon" photoshop:Credit="Wire &amp; Co">
<dc:rights><rdf:Alt><rdf:li xml:lang="x-default">© 2024 Jane Doe</rdf:li></rdf:Alt></dc:rights>
<exif:BodySerialNumber>SN-0042-7731</exif:BodySerialNumber>
</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/** A 40 × 20 photo, stored turned (EXIF orientation 6: shown 20 × 40), with GPS, camera, serial and rights. */
async function photo(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c05020' } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Canon', Model: 'EOS 5D Mark IV', Artist: 'Jane Doe', Copyright: '(c) 2024 Jane Doe' },
      IFD2: { BodySerialNumber: 'SN-0042-7731', DateTimeOriginal: '2024:03:01 10:00:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 12/1' },
    })
    .withXmp(XMP)
    .toFormat(format)
    .toBuffer();
}

describeEachDatabase('served images keep no location or camera data', (ctx) => {
  let token = '';
  beforeAll(async () => {
    token = await ctx.login('submitter');
  });

  it.each(['jpeg', 'png', 'webp'] as const)('%s: the original and the thumbnail', async (format) => {
    const bytes = await photo(format);
    // The upload does carry all of it.
    const sent = await sharp(bytes).metadata();
    expect(ifd0Tags(sent.exif)).toEqual(expect.arrayContaining([GPS_IFD, MAKE, MODEL]));
    expect(sent.xmp?.toString()).toContain('GPSLatitude');

    const response = await uploadRequest(ctx, token, [{ name: 'file', filename: `photo.${format}`, data: bytes }]);
    expect(response.statusCode).toBe(200);
    const item = body<Array<{ upload: { url: string; thumb_url: string } }>>(response).data[0]!.upload;
    for (const url of [item.url, item.thumb_url]) {
      const served = await ctx.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      const raw = served.rawPayload.toString('latin1');
      for (const secret of ['Canon', 'EOS 5D', 'SN-0042-7731', 'GPS', '2024:03:01']) expect(raw).not.toContain(secret);
      const meta = await sharp(served.rawPayload).metadata();
      // The Exif sub-IFD libvips writes holds only what it computes (version, colour space, size).
      expect(ifd0Tags(meta.exif)).not.toContain(GPS_IFD);
      expect(ifd0Tags(meta.exif)).not.toEqual(expect.arrayContaining([MAKE]));
      expect(ifd0Tags(meta.exif)).not.toEqual(expect.arrayContaining([MODEL]));
      // Turned as it is meant to be seen, with nothing left to turn it again.
      expect(meta.orientation ?? 1).toBe(1);
      expect(meta.height).toBeGreaterThan(meta.width);
      if (url === item.url) {
        expect([meta.format, meta.width, meta.height]).toEqual([format, 20, 40]);
        expect(exifRights(meta.exif)).toEqual({ creator: 'Jane Doe', copyright: '(c) 2024 Jane Doe' });
        expect(xmpRights(meta.xmp)).toEqual({ creator: 'Jane Doe', copyright: '© 2024 Jane Doe', credit: 'Wire & Co' });
      } else {
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
      }
    }
  });
});

describeEachDatabase('originals stored before uploads were cleaned', (ctx) => {
  /** An image row as uploads stored it before: the upload's bytes as they came. */
  async function storeAsBefore(original: Buffer, thumb: Buffer): Promise<number> {
    const file = (bytes: Buffer, contentType: string) => ({ contentType, width: null, height: null, bytes, etag: sha256(bytes) });
    const item = await ctx.app.db.transaction().execute(async (trx) => {
      const stored = await imagesRepository.create(
        trx,
        { fileName: 'old.jpg', original: file(original, 'image/jpeg'), thumb: file(thumb, 'image/webp') },
        '',
        null,
      );
      await trx
        .updateTable('image_files')
        .set({ cleaned: false })
        .where('image_id', '=', stored.id)
        .where('kind', '=', 'original')
        .execute();
      return stored;
    });
    return item.id;
  }

  it('cleans such an original the first time it is served, and stores it clean', async () => {
    const thumb = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const id = await storeAsBefore(await photo('jpeg'), thumb);
    const served = await ctx.inject({ method: 'GET', url: `/api/image/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    for (const secret of ['Canon', 'SN-0042-7731', 'GPS']) expect(served.rawPayload.toString('latin1')).not.toContain(secret);
    expect(served.headers.etag).toBe(`"${sha256(served.rawPayload)}"`);
    const row = await ctx.app.db
      .selectFrom('image_files')
      .select(['cleaned', 'etag'])
      .where('image_id', '=', id)
      .where('kind', '=', 'original')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cleaned: true, etag: sha256(served.rawPayload) });
  });

  it('serves the thumbnail in place of one that can no longer be processed', async () => {
    const thumb = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const damaged = Buffer.concat([(await photo('jpeg')).subarray(0, 400), Buffer.alloc(100)]);
    const id = await storeAsBefore(damaged, thumb);
    const served = await ctx.inject({ method: 'GET', url: `/api/image/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(thumb)).toBe(true);
  });
});

describe('rights fields', () => {
  it('reads IPTC By-line, Credit, Source and Copyright Notice', () => {
    const dataset = (n: number, text: string) => {
      const value = Buffer.from(text);
      return Buffer.concat([Buffer.from([0x1c, 2, n, value.length >> 8, value.length & 255]), value]);
    };
    const iptc = Buffer.concat([
      Buffer.from('Photoshop 3.0\u00008BIM\u0004\u0004\u0000\u0000\u0000\u0000\u0000\u0040', 'latin1'),
      dataset(0, '\u0000\u0004'),
      dataset(80, 'Max Muster'),
      dataset(110, 'dpa'),
      dataset(115, 'Agency'),
      dataset(116, '© dpa 2024'),
      dataset(90, 'Berlin'),
    ]);
    expect(iptcRights(iptc)).toEqual({ creator: 'Max Muster', credit: 'dpa', source: 'Agency', copyright: '© dpa 2024' });
  });

  it('reads nothing from damaged metadata', () => {
    expect(exifRights(Buffer.from('Exif\0\0II*\0\xff\xff\xff\xff', 'latin1'))).toEqual({});
    expect(xmpRights(Buffer.from('<x:xmpmeta'))).toEqual({});
    expect(iptcRights(Buffer.from([0x1c, 2, 110, 0xff, 0xff]))).toEqual({});
  });
});
