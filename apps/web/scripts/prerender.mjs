// After `vite build` and the server-side build of src/serverRender.tsx (dist-ssr/): writes
// dist/prerendered/<page>.html, the app page with that page already rendered inside #root. The server
// keeps using dist-ssr/ to render the pages that need data per request.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webRoot, 'dist');
const { renderAhead, pageHtml, prerenderedPaths } = await import(
  pathToFileURL(path.join(webRoot, 'dist-ssr', 'serverRender.js')).href
);

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const outDir = path.join(dist, 'prerendered');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir);
for (const pathname of prerenderedPaths) {
  const html = pageHtml(template, await renderAhead(pathname));
  writeFileSync(path.join(outDir, `${pathname.slice(1)}.html`), html);
  console.log(`prerendered ${pathname} (${Math.round(html.length / 1024)} KB)`);
}
