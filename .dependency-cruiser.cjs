/**
 * Import cycles, type-only imports included: ESLint's import-x/no-cycle skips `import type`, and a cycle
 * of types still ties two modules together (`npm run check` runs this).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Modules import each other in one direction only, types included.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'dist', 'dist-ssr', '\\.test\\.tsx?$'] },
    // Type-only imports count: a cycle through them is still a cycle of the code.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
