import { defineConfig } from 'vitest/config';

// `npm run test:scale`: listings and search at 100,000 products, kept apart from `npm test` (loading the
// rows alone takes longer than most test files).
export default defineConfig({
  test: {
    name: 'scale',
    root: 'apps/server',
    include: ['test/scale/**/*.scale.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    maxWorkers: 1,
  },
});
