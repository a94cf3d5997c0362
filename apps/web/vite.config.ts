import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compileCatalogue, serverOnlyAreas } from '../../packages/shared/src/messages/compile.ts';

// Vendor code changes far less often than the app, so the libraries every page needs get their own
// long-cached chunks. There is deliberately no catch-all group: a library only some pages use (the
// form library, the card form) stays in those pages' chunks instead of loading with the home page.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  { name: 'toast', test: /node_modules[\\/](react-hot-toast|goober)[\\/]/, priority: 20 },
  // The form library apart from Zod and the resolvers, so a form can show before its checks arrive.
  { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/, priority: 20 },
  { name: 'zod', test: /node_modules[\\/](zod|@hookform)[\\/]/, priority: 20 },
  // The app's own code that every page's first render needs, as one chunk rather than a dozen small
  // ones: each file costs the phone a request and compresses worse alone. The entry module stays out:
  // it waits (top-level await) for the page's chunk, which imports this one, so together they would
  // wait for each other forever.
  {
    name: 'app',
    test: (id: string) => /[\\/]src[\\/]/.test(id) && !/[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/.test(id),
    tags: ['$initial' as const],
    priority: 10,
  },
];

// The shared package only declares values (schemas, messages, enums). Saying so lets the bundle drop
// the modules a chunk does not use: the public pages need a few messages, not the Zod schemas.
const sharedSource = /[\\/]packages[\\/]shared[\\/]src[\\/]/;

const compressible = /\.(js|css|html|svg|txt|json)$/;

/** The catalogue's files: one JSON file of ICU messages per language (packages/shared/src/messages). */
const catalogueFile = /[\\/]packages[\\/]shared[\\/]src[\\/]messages[\\/](?:[a-z]+\.)?[a-z]{2}\.json$/;

/**
 * The catalogue as the pages get it: every message parsed here, so the browser runs the formatter
 * without the ICU parser (aliased away below), and without the areas only the server reads (mail).
 * Still JSON after this step, which Vite then turns into a module as for any JSON file.
 */
function compiledCatalogue(): Plugin {
  return {
    name: 'furniture-mart:compiled-catalogue',
    enforce: 'pre',
    transform(code, id) {
      if (!catalogueFile.test(id)) return null;
      const source = JSON.parse(code) as Record<string, string>;
      return { code: JSON.stringify(compileCatalogue(source, serverOnlyAreas)), map: null };
    },
  };
}

/** A plugin of the browser build that works on the files it has written to the output folder. */
function onBuildOutput(
  name: string,
  hook: 'writeBundle' | 'closeBundle',
  work: (outDir: string) => void,
): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    [hook]() {
      work(outDir);
    },
  };
}

/**
 * Writes a Brotli (best quality) and a gzip copy beside every text file of the build. The server sends
 * them as they are, so each request costs no compression work and gets a smaller answer than on-the-fly
 * compression at a speed-friendly level would give.
 */
function precompress(): Plugin {
  return onBuildOutput('furniture-mart:precompress', 'closeBundle', (outDir) => {
    const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((name) => compressible.test(name))) {
      const fullPath = path.join(outDir, file);
      const content = readFileSync(fullPath);
      // Below about one packet there is nothing to win.
      if (content.length < 1024) continue;
      writeFileSync(
        `${fullPath}.br`,
        brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      );
      writeFileSync(`${fullPath}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
    }
  });
}

/**
 * The page arrives rendered (or with its shell), so its first paint needs no script; the app's scripts
 * start only after it. The built index.html names, instead of the app's entry and its preloads, one
 * small module that waits for the first paint, then preloads the app's chunks and imports its entry.
 * On a slow phone the content shows while the scripts are still on their way, and the script work
 * (parsing, hydration) no longer stands between the page and its first paint.
 */
function startAfterFirstPaint(): Plugin {
  // Written files, before precompress (closeBundle) makes the compressed copies.
  return onBuildOutput('furniture-mart:start-after-first-paint', 'writeBundle', (outDir) => {
    const file = path.join(outDir, 'index.html');
    let html = readFileSync(file, 'utf8');
    const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
    const entry = entryTag.exec(html)?.[1];
    if (!entry) throw new Error('index.html names no entry module');
    const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
    const preloads = [...html.matchAll(preloadTag)].map((match) => match[1]!);
    html = html.replace(entryTag, '').replace(preloadTag, '');
    // requestAnimationFrame runs just before the next paint; the task it queues, just after it. A page
    // opened in the background paints nothing until shown, so there the app starts once it has loaded.
    // The chunks are then run one at a time, each in a task of its own, rather than the whole app in
    // one long task that would hold up a tap on a slow phone.
    const source =
      `let started = false;\n` +
      `const nextTask = () => new Promise((resolve) => setTimeout(resolve));\n` +
      `async function start() {\n` +
      `  if (started) return;\n` +
      `  started = true;\n` +
      `  const chunks = ${JSON.stringify(preloads)};\n` +
      `  for (const href of chunks) {\n` +
      `    const link = document.createElement('link');\n` +
      `    link.rel = 'modulepreload';\n` +
      `    link.href = href;\n` +
      `    document.head.append(link);\n` +
      `  }\n` +
      `  for (const href of chunks) {\n` +
      `    await import(href);\n` +
      `    await nextTask();\n` +
      `  }\n` +
      `  await import(${JSON.stringify(entry)});\n` +
      `}\n` +
      `requestAnimationFrame(() => setTimeout(start));\n` +
      `addEventListener('load', () => setTimeout(start));\n`;
    const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
    const loader = `assets/start-${hash}.js`;
    writeFileSync(path.join(outDir, loader), source);
    html = html.replace('</head>', `  <script type="module" src="/${loader}"></script>\n  </head>`);
    writeFileSync(file, html);
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    compiledCatalogue(),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [startAfterFirstPaint(), precompress()]),
  ],
  // Messages arrive parsed (compiledCatalogue), so the browser's formatter needs no ICU parser.
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
  // The server-side render (src/serverRender.tsx) bundles the shared package's source like the browser build does.
  ssr: { noExternal: ['@furniture-mart/shared'] },
  // The server-side bundle needs no copy of the public files.
  publicDir: isSsrBuild ? false : 'public',
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000' },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // The server reads it to name a page's chunks in the page it sends (apps/server/src/http/app-pages.ts).
    manifest: !isSsrBuild,
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: sharedSource, sideEffects: false }] },
      output: {
        entryFileNames: isSsrBuild ? '[name].js' : 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        ...(isSsrBuild ? {} : { codeSplitting: { groups: vendorGroups } }),
      },
    },
  },
}));
