/**
 * The three stored files of one processed photo and what a photo row records of them: one naming and
 * one set of columns for uploads and the demo data alike.
 */
import { randomUUID } from 'node:crypto';
import type { ProcessedImage } from './pipeline.js';

export interface PhotoFileKeys {
  displayKey: string;
  middleKey: string;
  thumbKey: string;
}

/** Keys for a new photo's sizes, under one server-made name (never the uploader's file name). */
export function newPhotoFileKeys(): PhotoFileKeys {
  const name = randomUUID();
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
