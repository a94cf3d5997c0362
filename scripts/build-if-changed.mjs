// Builds the web app and the server (`npm run build`) only when what the build reads has changed since
// the last successful build, so `npm start` with a current build starts the server at once.
//
// How it decides: a SHA-256 over the path and content of every build input (sources of the shared
// package, the server and the web app, their package.json and build configs, the root package.json,
// package-lock.json and tsconfig.base.json; test files excluded, no build reads them) is compared with
// the stamp written after the last successful build. Contents rather than modification times, so a
// checkout, copy or touch that changes nothing does not rebuild, and an edit that keeps the time does.
// The build runs when the stamp differs or is missing, or when a build output is missing; the stamp is
// removed before building and written only once the build has succeeded, so a failed or interrupted
// build is never taken for a current one. `npm run build` always builds.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const stampFile = path.join(root, 'apps/server/dist/build-stamp.txt');

/** Folders whose files the build reads (walked whole) and single files it reads. */
const inputDirs = [
  'packages/shared/src',
  'apps/server/src',
  'apps/server/scripts',
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
];
const inputFiles = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared/package.json',
  'packages/shared/tsconfig.json',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/web/package.json',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/tsconfig.node.json',
];
/** What a successful build leaves; without any of them the build runs whatever the stamp says. */
const outputs = [
  'apps/server/dist/server.js',
  'apps/web/dist/index.html',
  'apps/web/dist-ssr/serverRender.js',
];

const skipped = new Set(['node_modules', 'dist', 'dist-ssr', '.vite']);
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function walk(dir, files) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) walk(full, files);
    } else if (entry.isFile() && !isTest(entry.name)) {
      files.push(full);
    }
  }
}

function sourceStamp() {
  const files = [];
  for (const dir of inputDirs) walk(path.join(root, dir), files);
  for (const file of inputFiles) {
    const full = path.join(root, file);
    if (existsSync(full) && statSync(full).isFile()) files.push(full);
  }
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // The path too, so renaming or moving a file counts as a change.
    hash.update(path.relative(root, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return `${hash.digest('hex')} ${files.length} files`;
}

const started = Date.now();
const stamp = sourceStamp();
const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
const missing = outputs.filter((file) => !existsSync(path.join(root, file)));

if (previous === stamp && missing.length === 0) {
  console.log(`Build is current (sources checked in ${Date.now() - started} ms).`);
} else {
  const why =
    missing.length > 0 ? `missing ${missing.join(', ')}` : previous ? 'sources changed' : 'no build stamp';
  console.log(`Building (${why})...`);
  rmSync(stampFile, { force: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Always a production build, whoever calls: vitest sets NODE_ENV=test, which would otherwise give a
  // build with React's development code and its checks (slower, and effects run twice).
  const result = spawnSync(npm, ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // Hashed again: the stamp must describe the sources the build read, not those of a moment before.
  const built = sourceStamp();
  if (built !== stamp) console.warn('Sources changed during the build; the next start builds again.');
  writeFileSync(stampFile, `${stamp}\n`);
}
