import path from 'node:path';
import type { Config } from '../../config.js';
import { LocalImageStore } from './local-store.js';
import type { ImageStore } from './store.js';

/**
 * An S3-compatible bucket when S3_BUCKET is set (config requires its keys then), else DATA_DIR/uploads.
 * The AWS SDK is loaded only for a bucket.
 */
export async function createImageStore(config: Config): Promise<ImageStore> {
  if (config.S3_BUCKET) {
    const { S3ImageStore } = await import('./s3-store.js');
    return new S3ImageStore({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalImageStore(path.resolve(config.DATA_DIR, 'uploads'));
}
