import { deflateSync } from 'node:zlib';

/**
 * A minimal PNG encoder, so the journeys upload photos of our own making: an armchair in the given
 * colours on a plain background, drawn pixel by pixel (8-bit RGB, no interlacing, filter 0).
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = [number, number, number];

function hex(colour: string): Rgb {
  const value = Number.parseInt(colour.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** Encodes raw RGB pixels (row after row) as a PNG file. */
export function encodePng(width: number, height: number, pixelAt: (x: number, y: number) => Rgb): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let offset = 0;
  for (let y = 0; y < height; y++) {
    rows[offset++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixelAt(x, y);
      rows[offset++] = r;
      rows[offset++] = g;
      rows[offset++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 320x240 picture of an armchair: back, seat, two arms and legs. */
export function armchairPng(chair: string, background = '#f7efe4'): Buffer {
  const [chairRgb, backgroundRgb] = [hex(chair), hex(background)];
  const cushion: Rgb = [233, 184, 114];
  const inside = (x: number, y: number, left: number, top: number, w: number, h: number) =>
    x >= left && x < left + w && y >= top && y < top + h;
  return encodePng(320, 240, (x, y) => {
    if (inside(x, y, 110, 40, 100, 90)) return chairRgb; // back
    if (inside(x, y, 80, 90, 30, 80) || inside(x, y, 210, 90, 30, 80)) return chairRgb; // arms
    if (inside(x, y, 110, 130, 100, 40)) return cushion; // seat
    if (inside(x, y, 90, 170, 12, 30) || inside(x, y, 218, 170, 12, 30)) return chairRgb; // legs
    return backgroundRgb;
  });
}

/** As a file chooser hands it over. */
export function photoFile(name: string, chair: string) {
  return { name, mimeType: 'image/png', buffer: armchairPng(chair) };
}
