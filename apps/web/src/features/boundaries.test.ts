import { describe, expect, it } from 'vitest';

// Every module of the features, as text (Vite reads them at build time of the test).
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Static imports, re-exports and dynamic imports with a relative path. */
const importPattern = /(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g;

/** `./seller/components/X.tsx` + `../../catalogue/api` -> `catalogue/api` (paths relative to features/). */
function resolve(file: string, specifier: string): string {
  const parts = file.replace(/^\.\//, '').split('/').slice(0, -1);
  for (const segment of specifier.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.length === 0 ? '' : parts.join('/');
}

/** Where each feature module reaches outside its own feature into another feature or the app shell. */
function crossings(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    const feature = file.split('/')[1];
    for (const match of source.matchAll(importPattern)) {
      const specifier = match[1]!;
      const target = resolve(file, specifier);
      // Leaving features/ shows as a climb past its root: that is lib/, components/ or app/.
      const outside =
        specifier.split('/').filter((segment) => segment === '..').length > file.split('/').length - 2;
      if (outside) {
        const root = specifier.replace(/^(\.\.\/)+/, '').split('/')[0];
        if (root === 'app') found.push(`${file} -> ${specifier}`);
      } else if (target.split('/')[0] !== feature) {
        found.push(`${file} -> ${specifier}`);
      }
    }
  }
  return found;
}

describe('feature boundaries', () => {
  it('finds the feature modules', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(Object.keys(sources)).toContain('./catalogue/components/ProductCard.tsx');
  });

  it('features import neither one another nor the app shell', () => {
    expect(crossings(sources)).toEqual([]);
  });

  it('would notice such an import', () => {
    expect(
      crossings({
        './seller/components/Table.tsx': "import { X } from '../../buyer/components/X';",
        './seller/pages/Page.tsx': "import { NotFoundPage } from '../../../app/pages/NotFoundPage';",
        './seller/api.ts': "export { catalogueKeys } from '../catalogue/api';",
        './seller/Lazy.tsx': "const load = () => import('../orders/api');",
        './seller/ok.ts': "import { api } from '../../lib/api';\nimport { Y } from './components/Y';",
      }),
    ).toEqual([
      './seller/components/Table.tsx -> ../../buyer/components/X',
      './seller/pages/Page.tsx -> ../../../app/pages/NotFoundPage',
      './seller/api.ts -> ../catalogue/api',
      './seller/Lazy.tsx -> ../orders/api',
    ]);
  });
});
