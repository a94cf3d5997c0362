import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';

/**
 * The session-signing secret: BETTER_AUTH_SECRET when set (required in production); otherwise one made
 * on first start and kept in DATA_DIR, so development sessions survive restarts.
 *
 * The file is created exclusively and whole: written under a name of this process's own, then linked to
 * its place, which fails if it is already there. Two processes starting together on one DATA_DIR so both
 * end up with the one secret that got there first.
 */
export async function resolveAuthSecret(config: Config): Promise<string> {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const file = path.resolve(config.DATA_DIR, 'auth-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('hex');
  await mkdir(path.dirname(file), { recursive: true });
  const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(own, secret, { mode: 0o600, flag: 'wx' });
  try {
    await link(own, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = (await readFile(file, 'utf8')).trim();
    if (theirs.length < 32) {
      throw new Error(`${file} exists but holds no usable secret; delete it`, { cause: error });
    }
    return theirs;
  } finally {
    await rm(own, { force: true });
  }
}
