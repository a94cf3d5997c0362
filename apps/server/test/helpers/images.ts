/** Files for upload tests, generated on the fly, and a multipart upload through the API. */
import { crc32, deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { TEST_ORIGIN, type TestClient } from './app.js';

export function solidJpeg(width = 320, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
}

export function solidPng(width = 240, height = 160): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.8 } } })
    .png()
    .toBuffer();
}

/** A landscape JPEG whose EXIF says "rotate 90° clockwise" and carries a camera, a date and a GPS fix. */
export function rotatedJpegWithGps(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Tracker 3000', DateTime: '2024:05:01 10:00:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '23/1 48/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '90/1 24/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Whether an EXIF block links a GPS directory (tag 0x8825), in either byte order. */
export function hasGpsDirectory(exif: Buffer): boolean {
  const littleEndian = exif.includes(Buffer.from('II*\0', 'latin1'));
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

/**
 * A valid PNG of width × height in one bit per pixel: a few dozen kilobytes that would decode to hundreds
 * of megapixels (a pixel flood).
 */
export function hugeBlankPng(width: number, height: number): Buffer {
  const rowBytes = Math.ceil(width / 8);
  const raw = Buffer.alloc((rowBytes + 1) * height); // filter byte 0 and all-black pixels per row
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export interface FilePart {
  data: Buffer;
  filename?: string;
  type?: string;
  field?: string;
}

/** A multipart/form-data body exactly as a browser's FormData would send it. */
export async function multipartBody(files: FilePart[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const file of files) {
    form.append(
      file.field ?? 'file',
      new Blob([file.data], { type: file.type ?? 'image/jpeg' }),
      file.filename ?? 'photo.jpg',
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

export async function uploadFiles(client: TestClient, files: FilePart[]): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipartBody(files);
  return client.app.inject({
    method: 'POST',
    url: '/api/uploads/images',
    headers: {
      origin: TEST_ORIGIN,
      'content-type': contentType,
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
    payload,
  });
}

export function uploadFile(client: TestClient, file: FilePart): Promise<LightMyRequestResponse> {
  return uploadFiles(client, [file]);
}

/** Uploads a small generated JPEG and answers the new photo's id. */
export async function uploadPhoto(client: TestClient): Promise<string> {
  const response = await uploadFile(client, { data: await solidJpeg() });
  if (response.statusCode !== 201) throw new Error(`upload failed ${response.statusCode}: ${response.body}`);
  return (response.json() as { id: string }).id;
}
