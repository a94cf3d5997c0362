import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
const [base, pathName, signed] = process.argv.slice(2);
async function signInCookie() {
  const res = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: 'buyer@furnituremart.test', password: 'furniture123' }) });
  const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
  const [name, ...value] = cookie.split(';')[0].split('=');
  return { name, value: value.join('=') };
}
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'] });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const tab = await browser.newPage();
if (signed) await browser.setCookie({ ...(await signInCookie()), domain: '127.0.0.1', path: '/', httpOnly: true });
const runs = Number(process.env.RUNS ?? 1);
for (let i = 0; i < runs; i++) {
  const { lhr } = await lighthouse(base + pathName, { output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, tab);
  const a = lhr.audits;
  console.log('score', Math.round(lhr.categories.performance.score * 100), 'FCP', Math.round(a['first-contentful-paint'].numericValue), 'LCP', Math.round(a['largest-contentful-paint'].numericValue), 'SI', Math.round(a['speed-index'].numericValue), 'TBT', Math.round(a['total-blocking-time'].numericValue), 'CLS', a['cumulative-layout-shift'].numericValue.toFixed(3));
  if (i === 0) {
    const el = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    console.log('LCP element:', el?.snippet?.slice(0, 150));
    const phases = a['largest-contentful-paint-element']?.details?.items?.[1]?.items;
    console.log('LCP phases:', JSON.stringify(phases));
    for (const r of a['network-requests'].details.items) console.log(Math.round(r.networkRequestTime ?? r.startTime), Math.round(r.networkEndTime ?? r.endTime), r.resourceType, r.priority, Math.round(r.transferSize / 1024) + 'KB', r.url.replace(base, ''));
  }
}
await browser.disconnect(); await chrome.kill();
