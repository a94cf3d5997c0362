import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertImageKey, MEDIA_UPLOADS_PATH, type ImageStore, type StoredImage } from './store.js';

/** Files under DATA_DIR/uploads, served by the media route at /media/uploads/<key>. */
export class LocalImageStore implements ImageStore {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    assertImageKey(key);
    await mkdir(this.root, { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = path.join(this.root, `.${key}.tmp`);
    await writeFile(temporary, data);
    await rename(temporary, path.join(this.root, key));
  }

  async delete(key: string): Promise<void> {
    assertImageKey(key);
    await rm(path.join(this.root, key), { force: true });
  }

  async read(key: string): Promise<StoredImage | null> {
    const file = this.filePath(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { body: createReadStream(file), size: info.size };
  }

  url(key: string): string {
    return `${MEDIA_UPLOADS_PATH}/${key}`;
  }

  filePath(key: string): string {
    assertImageKey(key);
    return path.join(this.root, key);
  }
}
