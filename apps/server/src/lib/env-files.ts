/**
 * `.env` files, read once at start-up by the server and the command-line tasks. Precedence, highest
 * first: the process environment, then `.env.local` (this machine's own values, never committed), then
 * `.env`. Both files are optional and are looked up in the working directory, where `npm start` and
 * `npm run …` run.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

export const envFileNames = ['.env.local', '.env'] as const;

/**
 * The environment with the files' values added under it: a variable already set in `env` (even to an
 * empty string) is never replaced. Returns the files that were read, for the start-up log.
 */
export function readEnvFiles(
  env: Record<string, string | undefined>,
  dir = process.cwd(),
): { env: Record<string, string | undefined>; files: string[] } {
  const merged = { ...env };
  const files: string[] = [];
  for (const name of envFileNames) {
    const file = path.join(dir, name);
    if (!existsSync(file)) continue;
    files.push(name);
    for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
      if (merged[key] === undefined) merged[key] = value;
    }
  }
  return { env: merged, files };
}

/** Adds the files' values to process.env, so everything in the process reads the same settings. */
export function applyEnvFiles(dir = process.cwd()): string[] {
  const { env, files } = readEnvFiles(process.env, dir);
  for (const [key, value] of Object.entries(env)) {
    if (process.env[key] === undefined && value !== undefined) process.env[key] = value;
  }
  return files;
}
