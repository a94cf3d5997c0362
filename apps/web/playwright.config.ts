import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '../..');
// Another port when 3100 is taken (several checkouts on one machine).
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// A fresh database per run. Workers re-read this file, so the directory is made once, by the
// main process, inherited through the environment, and removed when that process exits.
if (!process.env.FM_E2E_DATA_DIR) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'furniture-mart-e2e-'));
  process.env.FM_E2E_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
const dataDir = process.env.FM_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  outputDir: path.join(repoRoot, 'test-results'),
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: path.join(repoRoot, 'playwright-report') }]]
    : 'list',
  // Whole journeys (a sale from sign-up to the receipt mail, every dialog checked by axe) take tens of
  // seconds on a busy two-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node apps/server/dist/server.js',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // The journeys sign in and up many times a minute from one address.
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      SIGN_IN_FAILURES_PER_ADDRESS: '1000',
      // The journeys book and start paying for many items as the same demo buyer.
      MAX_CHECKOUT_HOLDS: '100',
      MAX_OPEN_BOOKINGS: '1000',
      // Metrics on a port of the system's choosing, never one another server on this machine holds.
      METRICS_PORT: '0',
    },
  },
});
