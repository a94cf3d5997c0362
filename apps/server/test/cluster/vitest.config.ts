import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: whole built instances, one file, kept apart from `npm test`.
export default defineConfig({
  test: {
    name: 'cluster',
    root: 'apps/server',
    include: ['test/cluster/**/*.cluster.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    maxWorkers: 1,
  },
});
