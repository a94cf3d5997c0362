import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * The session-signing secret: BETTER_AUTH_SECRET when set (required in production); otherwise one made
 * on first start and kept in DATA_DIR, so development sessions survive restarts.
 */
export async function resolveAuthSecret(config: Config): Promise<string> {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const file = path.resolve(config.DATA_DIR, 'auth-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('hex');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
