/**
 * Turns an uploaded file into safe, small WebP images. The file is identified by decoding it, never by
 * its name or Content-Type; EXIF orientation is applied and then every piece of metadata is dropped.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { imageLimits, sellerMessages } from '@furniture-mart/shared';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../errors.js';

/**
 * HEIC needs an HEVC decoder that sharp's prebuilt libvips leaves out (it decodes only AVIF from the HEIF
 * family). A libvips built with one lists .heic among its suffixes, and then HEIC photos are accepted.
 */
const heicDecodable = (sharp.format.heif?.input.fileSuffix ?? []).includes('.heic');

export interface ProcessedVariant {
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  display: ProcessedVariant;
  middle: ProcessedVariant;
  thumb: ProcessedVariant;
}

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new UnsupportedMediaType(sellerMessages.fileEmpty);
  if (input.length > imageLimits.maxBytes) throw new PayloadTooLarge(sellerMessages.fileTooLarge);

  // Only the header is read here, so a pixel flood is refused before any pixel is decoded.
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedMediaType(sellerMessages.notAPhoto);
  }
  assertAcceptedFormat(metadata);

  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width < 1 || height < 1) throw new UnsupportedMediaType(sellerMessages.notAPhoto);
  if (width * height > imageLimits.maxPixels) {
    throw new BadRequest(sellerMessages.tooManyPixels(width, height), undefined, 'IMAGE_TOO_MANY_PIXELS');
  }

  try {
    // failOn 'error' also refuses truncated data instead of padding it with grey.
    const base = sharp(input, { failOn: 'error', limitInputPixels: imageLimits.maxPixels }).autoOrient();
    const [display, middle, thumb] = await Promise.all([
      variant(base.clone(), imageLimits.displayLongestSide, 82),
      variant(base.clone(), imageLimits.middleLongestSide, 80),
      variant(base.clone(), imageLimits.thumbLongestSide, 78),
    ]);
    return { display, middle, thumb };
  } catch {
    throw new UnsupportedMediaType(sellerMessages.damagedPhoto);
  }
}

function assertAcceptedFormat(metadata: Metadata): void {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
      return;
    case 'heif':
      // The HEIF container also carries AVIF; only HEIC (HEVC inside) is on the accepted list.
      if (metadata.compression === 'hevc') {
        if (heicDecodable) return;
        throw new UnsupportedMediaType(sellerMessages.heicNotReadable);
      }
      break;
    default:
      break;
  }
  throw new UnsupportedMediaType(sellerMessages.fileKindNotAccepted);
}

async function variant(image: Sharp, longestSide: number, quality: number): Promise<ProcessedVariant> {
  // No keepMetadata/withMetadata: sharp then writes no EXIF, XMP, GPS or ICC data at all.
  const { data, info } = await image
    .resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
