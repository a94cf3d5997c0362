import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readEnvFiles } from './env-files.js';

describe('.env files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'fm-env-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads nothing when there are no files', () => {
    expect(readEnvFiles({ PORT: '1' }, dir)).toEqual({ env: { PORT: '1' }, files: [] });
  });

  it('takes the environment first, then .env.local, then .env', () => {
    writeFileSync(
      path.join(dir, '.env'),
      'PORT=4100\nCURRENCY=EUR\nHOST=127.0.0.1\n# comment\nDATA_DIR="./x y"\n',
    );
    writeFileSync(path.join(dir, '.env.local'), 'CURRENCY=JPY\nHOST=\n');
    const { env, files } = readEnvFiles({ PORT: '5000' }, dir);
    expect(files).toEqual(['.env.local', '.env']);
    expect(env).toMatchObject({ PORT: '5000', CURRENCY: 'JPY', HOST: '', DATA_DIR: './x y' });
  });

  it('keeps a variable the environment sets to an empty string', () => {
    writeFileSync(path.join(dir, '.env'), 'DATABASE_URL=postgres://db/x\n');
    expect(readEnvFiles({ DATABASE_URL: '' }, dir).env.DATABASE_URL).toBe('');
  });
});
