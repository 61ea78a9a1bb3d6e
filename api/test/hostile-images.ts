/**
 * Hostile images for the image tests, generated (no binary fixtures): each is small on disk and
 * declares far more pixels than it carries bytes.
 */
import zlib from 'node:zlib';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit greyscale PNG of width × height black pixels: all zeros, deflated. */
export function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  // Each row is a filter byte and the packed bits: all zero, so the whole stream deflates ~1000:1.
  const deflate = zlib.deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflate),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An animated GIF on a `screen` × `screen` canvas with `frames` frames of one pixel each, every
 * frame with its own full 256-colour palette: a few KB that decode to screen² × frames pixels.
 */
export function paletteGif(screen: number, frames: number): Buffer {
  const parts: Buffer[] = [Buffer.from('GIF89a', 'latin1')];
  const logical = Buffer.alloc(7);
  logical.writeUInt16LE(screen, 0);
  logical.writeUInt16LE(screen, 2);
  logical[4] = 0x00; // no global colour table
  parts.push(logical);
  // NETSCAPE2.0: loop forever (makes it an animation for every reader).
  parts.push(Buffer.from([0x21, 0xff, 0x0b]), Buffer.from('NETSCAPE2.0', 'latin1'), Buffer.from([0x03, 0x01, 0x00, 0x00, 0x00]));
  const palette = Buffer.alloc(256 * 3);
  for (let i = 0; i < 256; i += 1) palette.set([i, 255 - i, (i * 7) & 255], i * 3);
  for (let f = 0; f < frames; f += 1) {
    parts.push(Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00])); // graphic control: 20 ms
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(f % screen, 1);
    descriptor.writeUInt16LE(f % screen, 3);
    descriptor.writeUInt16LE(1, 5);
    descriptor.writeUInt16LE(1, 7);
    descriptor[9] = 0x87; // local colour table, 2^(7+1) = 256 entries
    parts.push(descriptor, palette);
    // LZW, minimum code size 8: clear (256), pixel f % 256, end (257), 9-bit codes, packed LSB first.
    const codes = [256, f % 256, 257];
    let bits = 0;
    let value = 0;
    const data: number[] = [];
    for (const code of codes) {
      value |= code << bits;
      bits += 9;
      while (bits >= 8) {
        data.push(value & 0xff);
        value >>>= 8;
        bits -= 8;
      }
    }
    if (bits > 0) data.push(value & 0xff);
    parts.push(Buffer.from([0x08, data.length, ...data, 0x00]));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}
