// After `vite build` and the server-side build of src/serverRender.tsx (dist-ssr/): checks the page
// table (src/app/pages.tsx) and writes what the server reads from it: dist/pages.json; in each
// language, the app page (dist/index.html, dist/index.bn.html) and its web manifest,
// dist/prerendered/<page>.html (prerendered/bn/ in Bangla), the app page with a page rendered ahead
// already inside #root, and dist/prerendered/<section>.shell.html, a section's layout with skeletons
// (the dashboard's). The server keeps using dist-ssr/ to render the pages that need data per request.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webRoot, 'dist');
const {
  renderAhead,
  renderShells,
  pageHtml,
  prerenderedPaths,
  builtPageTable,
  checkPages,
  appPageIn,
  appPageFile,
  locales,
  manifestFile,
  webManifest,
  PAGE_TABLE_FILE,
  prerenderedFile,
  shellFile,
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

const built = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The Bengali font's regular weight, which a Bangla page preloads (src/index.css names the font).
const font = readdirSync(path.join(dist, 'assets')).find((file) =>
  /^noto-sans-bengali-bengali-400-normal-.*\.woff2$/.test(file),
);
if (!font) throw new Error('the build has no Bengali font (src/index.css)');
rmSync(path.join(dist, 'prerendered'), { recursive: true, force: true });
for (const locale of locales) {
  writeFileSync(path.join(dist, manifestFile(locale)), JSON.stringify(webManifest(locale), null, 2));
  const template = appPageIn(built, locale, manifestFile(locale), `/assets/${font}`);
  writeCompressed(path.join(dist, appPageFile(locale)), template);
  console.log(`app page ${appPageFile(locale)}`);
  for (const pathname of prerenderedPaths) {
    const html = pageHtml(template, await renderAhead(pathname, locale));
    const file = path.join(dist, prerenderedFile(pathname, locale));
    if (!existsSync(path.dirname(file))) mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
    console.log(`prerendered ${locale} ${pathname} (${Math.round(html.length / 1024)} KB)`);
  }
  // The shells of the sections rendered in the browser (the dashboard): layout and skeletons, nothing private.
  for (const { section, html } of renderShells(template, locale)) {
    const file = path.join(dist, shellFile(section, locale));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
    console.log(`shell ${locale} ${section} (${Math.round(html.length / 1024)} KB)`);
  }
}

/** Writes a page with the Brotli and gzip copies the server sends as they are (as vite.config.ts does). */
function writeCompressed(file, content) {
  writeFileSync(file, content);
  const bytes = Buffer.from(content);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}
