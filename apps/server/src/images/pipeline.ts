/**
 * Turns an uploaded file into safe, small WebP images. The file is identified by decoding it, never by
 * its name or Content-Type; EXIF orientation is applied and then every piece of metadata is dropped.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { imageLimits } from '@furniture-mart/shared';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../lib/errors.js';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export interface ProcessedVariant {
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  display: ProcessedVariant;
  thumb: ProcessedVariant;
}

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new UnsupportedMediaType('The file is empty. Choose a JPEG, PNG or WebP photo.');
  if (input.length > imageLimits.maxBytes) throw new PayloadTooLarge('Photos can be at most 10 MB each.');

  // Reading the header only: a pixel flood is refused before any pixel is decoded.
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { failOn: 'error' }).metadata();
  } catch {
    throw new UnsupportedMediaType('This file is not a photo we can read. Use JPEG, PNG or WebP.');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new UnsupportedMediaType('Only JPEG, PNG, WebP and HEIC photos are accepted.');
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width < 1 || height < 1) throw new UnsupportedMediaType('This file is not a photo we can read.');
  if (width * height > imageLimits.maxPixels) {
    throw new BadRequest(
      `This photo is ${width}×${height} pixels; photos can be at most 40 megapixels.`,
      undefined,
      'IMAGE_TOO_MANY_PIXELS',
    );
  }

  try {
    const base = sharp(input, { failOn: 'error', limitInputPixels: imageLimits.maxPixels }).rotate();
    const [display, thumb] = await Promise.all([
      variant(base.clone(), imageLimits.displayLongestSide, 82),
      variant(base.clone(), imageLimits.thumbLongestSide, 78),
    ]);
    return { display, thumb };
  } catch {
    throw new UnsupportedMediaType('This photo is damaged or incomplete. Try another file.');
  }
}

async function variant(image: Sharp, longestSide: number, quality: number): Promise<ProcessedVariant> {
  // withMetadata is never called, so sharp writes no EXIF, GPS or ICC profile beyond sRGB.
  const { data, info } = await image
    .resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
