// `npm run audit:web`: installs Lighthouse into this folder (it is not part of the default install),
// then serves the production build with demo data and runs Lighthouse in the system
// Chromium on home, a category page, a product page and login, for mobile and desktop, AUDIT_RUNS times each (default 3;
// the median run counts). Prints the four category scores and LCP for each, and the gzip size of the
// JavaScript and CSS the home page loads.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const port = 3400 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-audit-'));
const auditRuns = Number(process.env.AUDIT_RUNS ?? 3);

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForHealth() {
  // Up to three minutes: the demo data is made at start, slowly on a busy machine.
  for (let i = 0; i < 1800; i++) {
    if (
      await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

async function signInCookie() {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'buyer@furnituremart.test', password: 'furniture123' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  const [name, ...value] = cookie.split(';')[0].split('=');
  return { name, value: value.join('=') };
}

/**
 * What costs points: every scored audit below full marks in accessibility, best practices and SEO, and
 * the performance audits (metrics and insights) that Lighthouse does not pass.
 */
function failingAudits(categories, audits) {
  const failing = [];
  for (const [key, category] of Object.entries(categories)) {
    for (const ref of category.auditRefs) {
      const audit = audits[ref.id];
      if (!audit || audit.score === null || audit.scoreDisplayMode === 'informative') continue;
      const threshold = key === 'performance' ? 0.9 : 1;
      if (audit.score >= threshold) continue;
      if (key === 'performance' && ref.weight === 0 && audit.scoreDisplayMode !== 'metricSavings') continue;
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      failing.push(`${key}/${ref.id} ${Math.round(audit.score * 100)}${value}`);
    }
  }
  return failing;
}

/**
 * One Lighthouse run. Headless Chromium now and then fails to record a page load (NO_FCP, NO_NAVSTART)
 * on a busy machine; such a run has no scores, so it is tried again.
 */
async function audit(tab, url, form) {
  const flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  };
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined, tab);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3)
      throw new Error(`Lighthouse could not audit ${url} (${form}): ${lhr.runtimeError.message}`);
    console.warn(`retrying ${url} (${form}): ${lhr.runtimeError.code}`);
  }
}

async function main() {
  await waitForHealth();
  const cookie = await signInCookie();
  const advertised = await (await fetch(`${base}/api/products/advertised`)).json();
  const productId = advertised.items[0]?.id;
  if (!productId) throw new Error('the demo data has no advertised product');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const pages = [
    { name: 'home', url: `${base}/`, signedIn: false },
    { name: 'category', url: `${base}/categories/living-room`, signedIn: true },
    { name: 'product', url: `${base}/products/${productId}`, signedIn: true },
    { name: 'login', url: `${base}/login`, signedIn: false },
  ];
  const rows = [];
  const findings = [];
  let homeAssets = [];
  // The session goes into the browser's cookie jar, as after a real sign-in: a Cookie header passed as
  // an extra header would be replaced by the jar's as soon as the site sets any cookie of its own.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const tab = await browser.newPage();
    for (const page of pages) {
      if (page.signedIn)
        await browser.setCookie({ ...cookie, domain: '127.0.0.1', path: '/', httpOnly: true });
      for (const form of ['mobile', 'desktop']) {
        // Scores move from run to run on a shared machine; the run with the median performance counts.
        const runs = [];
        for (let run = 0; run < auditRuns; run++) runs.push(await audit(tab, page.url, form));
        runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
        const { categories, audits } = runs[Math.floor(runs.length / 2)];
        const spread = runs.map((run) => Math.round(run.categories.performance.score * 100)).join('/');
        findings.push({ page: page.name, form, failing: failingAudits(categories, audits) });
        rows.push({
          page: page.name,
          form,
          performance: Math.round(categories.performance.score * 100),
          accessibility: Math.round(categories.accessibility.score * 100),
          'best practices': Math.round(categories['best-practices'].score * 100),
          seo: Math.round(categories.seo.score * 100),
          'LCP ms': Math.round(audits['largest-contentful-paint'].numericValue),
          'performance runs': spread,
        });
        if (page.name === 'home' && form === 'desktop') {
          homeAssets = audits['network-requests'].details.items
            .filter(
              (item) => ['Script', 'Stylesheet'].includes(item.resourceType) && item.url.startsWith(base),
            )
            .map((item) => ({ url: item.url, type: item.resourceType }));
        }
      }
      // Whatever the site set, the next page starts as a visitor.
      await browser.deleteCookie(...(await browser.cookies()));
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }

  console.table(rows);
  for (const { page, form, failing } of findings) {
    if (failing.length > 0) console.log(`${page} ${form}: ${failing.join('; ')}`);
  }
  const sizes = { Script: 0, Stylesheet: 0 };
  for (const asset of homeAssets) {
    const body = Buffer.from(await (await fetch(asset.url)).arrayBuffer());
    sizes[asset.type] += gzipSync(body, { level: 9 }).length;
  }
  const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
  console.log(
    `home page loads ${kb(sizes.Script)} KB of JavaScript and ${kb(sizes.Stylesheet)} KB of CSS (gzip)`,
  );
  const outDir = path.join(root, '.bench');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, 'lighthouse.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        rows,
        findings,
        homeGzipBytes: { js: sizes.Script, css: sizes.Stylesheet },
      },
      null,
      2,
    ),
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    server.kill('SIGTERM');
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000);
  });
