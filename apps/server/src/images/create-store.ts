import path from 'node:path';
import type { Config } from '../config.js';
import { LocalImageStore } from './local-store.js';
import type { ImageStore } from './store.js';

export async function createImageStore(config: Config): Promise<ImageStore> {
  return new LocalImageStore(path.resolve(config.DATA_DIR, 'uploads'));
}
