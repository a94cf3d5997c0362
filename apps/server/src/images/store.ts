/** Where processed images live. Local disk by default; an S3-compatible bucket when configured. */
export interface ImageStore {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The URL a browser loads the image from. */
  url(key: string): string;
}

/** Keys are server-made: a UUID and a variant, never a client's file name. */
export const IMAGE_KEY_PATTERN = /^[0-9a-f-]{36}-(display|thumb)\.webp$/;
