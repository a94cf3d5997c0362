import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

// Import zones: which part of the code may stand on which (ARCHITECTURE.md). A zone's `target` may not
// import from its `from`.
const server = './apps/server/src';
const web = './apps/web/src';
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const zones = [
  // The shared package is used by both apps and knows neither; the apps never reach into each other.
  { target: './packages', from: './apps', message: 'packages/shared must not import an app.' },
  { target: './apps/server', from: './apps/web', message: 'The server must not import web source.' },
  { target: './apps/web', from: './apps/server', message: 'The web app must not import server source.' },
  // Server: lib <- platform <- http, modules <- app, services, jobs, server.
  {
    target: `${server}/lib`,
    from: server,
    except: ['./lib'],
    message: 'lib/ holds small process utilities that depend on nothing of ours.',
  },
  {
    target: `${server}/platform`,
    from: [
      `${server}/http`,
      `${server}/modules`,
      `${server}/app.ts`,
      `${server}/services.ts`,
      `${server}/jobs.ts`,
    ],
    message: 'platform/ is what modules stand on: it must not import HTTP plumbing or modules.',
  },
  {
    target: `${server}/http`,
    from: `${server}/modules`,
    message: 'http/ is plumbing shared by every module: it must not import a module.',
  },
  {
    target: `${server}/modules`,
    from: [
      `${server}/http`,
      `${server}/app.ts`,
      `${server}/services.ts`,
      `${server}/jobs.ts`,
      `${server}/server.ts`,
    ],
    message:
      'A module stands on platform/ and the shared contract, never on HTTP plumbing or the composition root.',
  },
  // A module reaches another only through that module's front door, its index.ts.
  ...serverModules.map((module) => ({
    target: `${server}/modules/${module}`,
    from: `${server}/modules`,
    except: [
      `./${module}`,
      './deps.ts',
      ...serverModules.filter((other) => other !== module).map((other) => `./${other}/index.ts`),
    ],
    message: "A module reaches another only through that module's index.ts (its front door).",
  })),
  // Web: app <- features <- components, lib. Features never import one another.
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: [`${web}/features`, `${web}/app`],
    except: [`./${feature}`],
    message:
      'A feature never imports another feature or app/: move what they share to components/ui or lib/.',
  })),
  {
    target: `${web}/components`,
    from: [`${web}/features`, `${web}/app`],
    message: 'The UI kit knows no feature and no app code.',
  },
  {
    target: `${web}/lib`,
    from: [`${web}/features`, `${web}/app`, `${web}/components`],
    message: 'lib/ holds plain helpers: no features, app code or components.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/meta/**',
      'test-results/**',
      'playwright-report/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Follow TypeScript sources too (the plugin reads only .js files by default).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests may reach any layer to set the scene; the code under test keeps to its zones.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', '**/*.fixtures.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones, basePath: import.meta.dirname }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
