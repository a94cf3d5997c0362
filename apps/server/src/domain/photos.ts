import type { Photo } from '@furniture-mart/shared';
import { productPhotos } from '../db/schema.js';
import type { ImageStore } from '../images/store.js';

/** The columns toPhoto needs, for a select. */
export const photoColumns = {
  displayKey: productPhotos.displayKey,
  thumbKey: productPhotos.thumbKey,
  width: productPhotos.width,
  height: productPhotos.height,
  thumbWidth: productPhotos.thumbWidth,
  thumbHeight: productPhotos.thumbHeight,
};

export interface PhotoRow {
  displayKey: string;
  thumbKey: string;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
}

/** A stored photo as the API shows it: URLs from the image store, sizes so pages reserve space. */
export function toPhoto(images: ImageStore, row: PhotoRow): Photo {
  return {
    url: images.url(row.displayKey),
    thumbUrl: images.url(row.thumbKey),
    width: row.width,
    height: row.height,
    thumbWidth: row.thumbWidth,
    thumbHeight: row.thumbHeight,
  };
}
