import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertImageKey, MEDIA_UPLOADS_PATH, type ImageStore, type StoredImage } from './store.js';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); AWS itself when absent. */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load objects from (a CDN or public bucket URL); without it the media route proxies them. */
  publicUrl?: string | undefined;
  forcePathStyle: boolean;
}

/** Names never change content, so caches may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Processed images in an S3-compatible bucket, through the AWS SDK. */
export class S3ImageStore implements ImageStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly publicUrl: string | null;

  constructor(private readonly options: S3StoreOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // The SDK's default extra checksums are not understood by every S3-compatible service; S3 itself
      // still verifies each upload by its signed payload hash.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
    this.publicUrl = options.publicUrl ? options.publicUrl.replace(/\/+$/, '') : null;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertImageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    assertImageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async read(key: string): Promise<StoredImage | null> {
    assertImageKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!object.Body) return null;
      return {
        body: object.Body as Readable,
        ...(object.ContentLength !== undefined ? { size: object.ContentLength } : {}),
      };
    } catch (error) {
      if (
        error instanceof S3ServiceException &&
        (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
      ) {
        return null;
      }
      throw error;
    }
  }

  url(key: string): string {
    return this.publicUrl ? `${this.publicUrl}/${key}` : `${MEDIA_UPLOADS_PATH}/${key}`;
  }

  close(): void {
    this.client.destroy();
  }
}
