import type { Photo } from '@furniture-mart/shared';
import { productPhotos } from '../../platform/db/schema.js';
import type { ImageStore } from '../../platform/images/store.js';

/** The columns toPhoto needs, for a select. */
export const photoColumns = {
  displayKey: productPhotos.displayKey,
  thumbKey: productPhotos.thumbKey,
  width: productPhotos.width,
  height: productPhotos.height,
  thumbWidth: productPhotos.thumbWidth,
  thumbHeight: productPhotos.thumbHeight,
  middleKey: productPhotos.middleKey,
  middleWidth: productPhotos.middleWidth,
  middleHeight: productPhotos.middleHeight,
};

export interface PhotoRow {
  displayKey: string;
  thumbKey: string;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
  middleKey: string | null;
  middleWidth: number | null;
  middleHeight: number | null;
}

/** The same columns read through a left join: every one may be null when there is no photo. */
export type MaybePhotoRow = { [K in keyof PhotoRow]: PhotoRow[K] | null };

/** A stored photo as the API shows it: URLs from the image store, sizes so pages reserve space. */
export function toPhoto(images: ImageStore, row: PhotoRow): Photo {
  const middle = row.middleKey && row.middleWidth && row.middleHeight;
  return {
    url: images.url(row.displayKey),
    thumbUrl: images.url(row.thumbKey),
    width: row.width,
    height: row.height,
    thumbWidth: row.thumbWidth,
    thumbHeight: row.thumbHeight,
    middleUrl: middle ? images.url(row.middleKey!) : null,
    middleWidth: middle ? row.middleWidth : null,
    middleHeight: middle ? row.middleHeight : null,
  };
}

/** A cover photo read through a left join: null when the product has none. */
export function toPhotoOrNull(images: ImageStore, row: MaybePhotoRow): Photo | null {
  const { displayKey, thumbKey, width, height, thumbWidth, thumbHeight } = row;
  if (!displayKey || !thumbKey || !width || !height || !thumbWidth || !thumbHeight) return null;
  return toPhoto(images, {
    displayKey,
    thumbKey,
    width,
    height,
    thumbWidth,
    thumbHeight,
    middleKey: row.middleKey,
    middleWidth: row.middleWidth,
    middleHeight: row.middleHeight,
  });
}
