import type { ImgHTMLAttributes } from 'react';
import type { Photo } from '@furniture-mart/shared';

/** Which stored size the `src` names, for browsers that ignore `srcset`. */
type Fallback = 'thumb' | 'middle' | 'display';

interface ResponsivePhotoProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'width' | 'height' | 'sizes'
> {
  photo: Photo;
  /** How wide the photo is drawn, as the `sizes` attribute says it ("(min-width: 768px) 50vw, 100vw"). */
  sizes: string;
  fallback?: Fallback;
  alt: string;
}

/** Every stored size of a photo, smallest first, for `srcset`; one entry per distinct width. */
export function photoSrcSet(photo: Photo): string {
  const candidates: Array<[string, number]> = [[photo.thumbUrl, photo.thumbWidth]];
  if (photo.middleUrl && photo.middleWidth) candidates.push([photo.middleUrl, photo.middleWidth]);
  candidates.push([photo.url, photo.width]);
  const byWidth = new Map<number, string>();
  // A small original is stored at the same width in several sizes; the smallest file of a width wins.
  for (const [url, width] of candidates) if (!byWidth.has(width)) byWidth.set(width, url);
  return [...byWidth]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');
}

/**
 * A seller's photo with every stored size offered, so a phone loads the middle size and a wide screen
 * the large one, instead of one size stretched or wasted everywhere.
 */
export function ResponsivePhoto({ photo, sizes, fallback = 'thumb', alt, ...rest }: ResponsivePhotoProps) {
  const middle =
    photo.middleUrl && photo.middleWidth && photo.middleHeight
      ? { src: photo.middleUrl, width: photo.middleWidth, height: photo.middleHeight }
      : null;
  const chosen =
    fallback === 'thumb'
      ? { src: photo.thumbUrl, width: photo.thumbWidth, height: photo.thumbHeight }
      : fallback === 'middle' && middle
        ? middle
        : { src: photo.url, width: photo.width, height: photo.height };
  return <img {...rest} {...chosen} srcSet={photoSrcSet(photo)} sizes={sizes} alt={alt} />;
}
