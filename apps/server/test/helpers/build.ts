/**
 * vitest globalSetup of the server project: the build, only when sources changed since the last one (the
 * same check as `npm start`, scripts/build-if-changed.mjs). Tests read the real web build (page table,
 * rendered pages, robots.txt, sitemap) and start the bundled server and commands as production does.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

export default function setup(): void {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-changed.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the build failed (exit ${result.status ?? result.signal})`);
}
