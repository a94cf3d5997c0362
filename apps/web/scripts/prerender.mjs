// After `vite build` and the server-side build of src/serverRender.tsx (dist-ssr/): checks the page
// table (src/app/pages.tsx) and writes what the server reads from it: dist/pages.json, and
// dist/prerendered/<page>.html, the app page with a page rendered ahead already inside #root, and
// dist/prerendered/<section>.shell.html, a section's layout with skeletons (the dashboard's). The
// server keeps using dist-ssr/ to render the pages that need data per request.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webRoot, 'dist');
const {
  renderAhead,
  renderShells,
  pageHtml,
  prerenderedPaths,
  builtPageTable,
  checkPages,
  PAGE_TABLE_FILE,
  prerenderedFile,
} = await import(pathToFileURL(path.join(webRoot, 'dist-ssr', 'serverRender.js')).href);

await checkPages();
const table = builtPageTable();
// The server names a page's chunks from the build manifest by the page's module.
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
for (const { path: pattern, module } of table.pages) {
  if (module && !manifest[module]) throw new Error(`${pattern}: ${module} is not in the build manifest`);
}
writeFileSync(path.join(dist, PAGE_TABLE_FILE), JSON.stringify(table));
console.log(`page table: ${table.pages.length} pages`);

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
rmSync(path.join(dist, 'prerendered'), { recursive: true, force: true });
for (const pathname of prerenderedPaths) {
  const html = pageHtml(template, await renderAhead(pathname));
  const file = path.join(dist, prerenderedFile(pathname));
  if (!existsSync(path.dirname(file))) mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  console.log(`prerendered ${pathname} (${Math.round(html.length / 1024)} KB)`);
}
// The shells of the sections rendered in the browser (the dashboard): layout and skeletons, nothing private.
for (const { file, html } of renderShells(template)) {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), html);
  console.log(`shell ${file} (${Math.round(html.length / 1024)} KB)`);
}
