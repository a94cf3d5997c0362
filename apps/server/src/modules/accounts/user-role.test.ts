import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers/app.js';
import { builtEntry } from '../../../test/helpers/built.js';
import { setUserRole } from './user-role.js';

const run = promisify(execFile);
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('user:role', () => {
  it('promotes an account to admin, and the session reflects it', async () => {
    const user = await signUp(ctx.app, 'buyer');
    expect(await setUserRole(ctx.database.db, user.email.toUpperCase(), 'admin')).toBe(true);
    const me = await user.client.get('/api/me');
    expect(me.json()).toMatchObject({ isAdmin: true, isBuyer: false, user: { role: 'admin' } });
  });

  it('answers false for an unknown email', async () => {
    expect(await setUserRole(ctx.database.db, 'nobody@example.test', 'admin')).toBe(false);
  });

  it('works as a command on the server shell and refuses bad arguments', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-cli-'));
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' };
    const cli = builtEntry('user-role');
    try {
      const bad = await run(process.execPath, [cli, 'someone@example.test', 'superuser'], { env }).catch(
        (error) => error,
      );
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/Usage/);
      const missing = await run(process.execPath, [cli, 'nobody@example.test', 'admin'], { env }).catch(
        (error) => error,
      );
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/No account/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
