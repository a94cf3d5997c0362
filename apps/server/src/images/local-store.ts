import { mkdir, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_KEY_PATTERN, type ImageStore } from './store.js';

/** Files under DATA_DIR/uploads, served by the media route at /media/uploads/<key>. */
export class LocalImageStore implements ImageStore {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    assertKey(key);
    await mkdir(this.root, { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = path.join(this.root, `.${key}.tmp`);
    await writeFile(temporary, data);
    await rename(temporary, path.join(this.root, key));
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await rm(path.join(this.root, key), { force: true });
  }

  url(key: string): string {
    return `/media/uploads/${key}`;
  }

  filePath(key: string): string {
    assertKey(key);
    return path.join(this.root, key);
  }
}

function assertKey(key: string): void {
  if (!IMAGE_KEY_PATTERN.test(key)) throw new Error(`invalid image key: ${key}`);
}
