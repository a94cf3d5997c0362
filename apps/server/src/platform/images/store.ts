/** Where processed images live. Local disk by default; an S3-compatible bucket when configured. */
import type { Readable } from 'node:stream';

export interface StoredImage {
  body: Readable;
  /** Bytes, when the store knows them up front. */
  size?: number;
}

export interface ImageStore {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** The stored bytes for the media route, or null when the key does not exist. */
  read(key: string): Promise<StoredImage | null>;
  /** The URL a browser loads the image from. */
  url(key: string): string;
}

/** Keys are server-made: a UUID and a variant, never a client's file name. */
export const IMAGE_KEY_PATTERN = /^[0-9a-f-]{36}-(display|middle|thumb)\.webp$/;

/**
 * Photos only some people may see (in a conversation) are stored under `private-` keys, which the
 * public media route refuses: they are read through a route that asks who is looking.
 */
export const PRIVATE_KEY_PREFIX = 'private-';
const STORED_KEY_PATTERN = /^(private-)?[0-9a-f-]{36}-(display|middle|thumb)\.webp$/;

/** Where the media route serves stored images from when the store has no public URL of its own. */
export const MEDIA_UPLOADS_PATH = '/media/uploads';

export function assertImageKey(key: string): void {
  if (!STORED_KEY_PATTERN.test(key)) throw new Error(`invalid image key: ${key}`);
}
