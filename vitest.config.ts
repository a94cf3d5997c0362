import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest start first, whatever vitest remembers from an earlier run (a clean clone
 * remembers nothing and would start the largest files, leaving these short ones to run last, alone).
 */
const slowFirst = [/test\/release\/fuzz-/, /test\/release\//, /test\/shutdown\.test/, /user-role\.test/];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = slowFirst.findIndex((pattern) => pattern.test(file.moduleId));
      return index === -1 ? slowFirst.length : index;
    };
    // Array.prototype.sort is stable: within a rank, vitest's own order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
          // Migrates one template database per run; every file's database is a copy of it.
          globalSetup: ['test/helpers/build.ts', 'test/helpers/template-database.ts'],
          // Every file builds its own app on its own database; sharing the loaded modules between the
          // files of a worker saves loading the whole server again for each of them.
          isolate: false,
          // Bounds that catch a hang, not a speed check: on two shared cores under other work a file's
          // setup (an app, a database copy, a handful of password hashes) has taken over a minute.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Component tests of the web app: a simulated DOM (happy-dom has the native <dialog>).
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test/setup.ts'],
          // Each file still gets a fresh document; sharing the loaded modules saves seconds per file.
          isolate: false,
        },
      },
    ],
    // Two cores here and in CI. A third worker keeps them busy while a file waits (password hashing on
    // libuv's threads, the 500 ms floor of some auth answers, a child process starting): 272 s for the
    // whole run against 348 s with two.
    maxWorkers: 3,
    sequence: { sequencer: SlowFirstSequencer },
  },
});
