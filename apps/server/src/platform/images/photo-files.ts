/**
 * The three stored files of one processed photo and what a photo row records of them: one naming and
 * one set of columns for uploads and the demo data alike.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ProcessedImage } from './pipeline.js';
import { PRIVATE_KEY_PREFIX } from './store.js';

export interface PhotoFileKeys {
  displayKey: string;
  middleKey: string;
  thumbKey: string;
}

/** Keys for a new photo's sizes, under one server-made name (never the uploader's file name). */
export function newPhotoFileKeys(): PhotoFileKeys {
  return keysNamed(randomUUID());
}

/** The same for a photo only some people may see: the public media route never serves these. */
export function newPrivatePhotoFileKeys(): PhotoFileKeys {
  return keysNamed(`${PRIVATE_KEY_PREFIX}${randomUUID()}`);
}

/**
 * Keys that are the same whenever they are made for the same `name`: a run stopped part way and run
 * again stores its photos over what it stored before rather than beside it (the demo data). The name
 * is a UUID of version 8 (made by the application, RFC 9562) from the digest of `name`, shaped as every
 * other key is.
 */
export function stablePhotoFileKeys(name: string): PhotoFileKeys {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return keysNamed(
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`,
  );
}

function keysNamed(name: string): PhotoFileKeys {
  return {
    displayKey: `${name}-display.webp`,
    middleKey: `${name}-middle.webp`,
    thumbKey: `${name}-thumb.webp`,
  };
}

/** Each size's key with its bytes, to store. */
export function photoFiles(keys: PhotoFileKeys, processed: ProcessedImage): [key: string, data: Buffer][] {
  return [
    [keys.displayKey, processed.display.data],
    [keys.middleKey, processed.middle.data],
    [keys.thumbKey, processed.thumb.data],
  ];
}

/** The photo row's keys, sizes and total bytes for a photo stored under `keys`. */
export function photoFileColumns(keys: PhotoFileKeys, processed: ProcessedImage) {
  return {
    ...keys,
    width: processed.display.width,
    height: processed.display.height,
    thumbWidth: processed.thumb.width,
    thumbHeight: processed.thumb.height,
    middleWidth: processed.middle.width,
    middleHeight: processed.middle.height,
    bytes: processed.display.data.length + processed.middle.data.length + processed.thumb.data.length,
  };
}
