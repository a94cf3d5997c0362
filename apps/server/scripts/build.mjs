// Bundles the server into dist/ for production: our workspace code (including the shared package) is
// inlined, npm dependencies stay external and load from node_modules.
import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@furniture-mart/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    migrate: 'src/cli/migrate.ts',
    seed: 'src/cli/seed.ts',
    'user-role': 'src/cli/user-role.ts',
    'user-password': 'src/cli/user-password.ts',
    'db-backup': 'src/cli/db-backup.ts',
    'db-restore': 'src/cli/db-restore.ts',
    jobs: 'src/cli/jobs.ts',
  },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Modules imported on demand (the Stripe and S3 clients) become chunks of their own, so the SDKs they
  // import load only when configured.
  splitting: true,
  outdir: 'dist',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

// The render thread's file runs as it is (http/render-thread.ts names it beside the bundle).
copyFileSync('src/http/render-worker.mjs', 'dist/render-worker.mjs');
