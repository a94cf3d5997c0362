// After `vite build` and the server-side build of src/prerender.tsx: writes dist/prerendered/<page>.html,
// the app page with that page already rendered inside #root, plus compressed copies.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webRoot, 'dist');
const ssrDir = path.join(webRoot, 'dist-ssr');
const { render, prerenderedPaths } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);

const page = readFileSync(path.join(dist, 'index.html'), 'utf8');
const outDir = path.join(dist, 'prerendered');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir);
for (const pathname of prerenderedPaths) {
  const rendered = await render(pathname);
  if (!page.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
  // React writes the page's <title> first; it belongs in the head, in place of the generic one.
  const title = /^<title>[^<]*<\/title>/.exec(rendered)?.[0] ?? '';
  const html = rendered.slice(title.length);
  const full = page
    .replace(/<title>[^<]*<\/title>/, (generic) => title || generic)
    // The page shows without its scripts; they must not hold back the styles it needs to paint.
    .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
  const file = path.join(outDir, `${pathname.slice(1)}.html`);
  writeFileSync(file, full);
  writeFileSync(`${file}.br`, brotliCompressSync(full, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(full, { level: 9 }));
  console.log(`prerendered ${pathname} (${Math.round(full.length / 1024)} KB)`);
}
// The server-side build is only a step of this one.
rmSync(ssrDir, { recursive: true, force: true });
