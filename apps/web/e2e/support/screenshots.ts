import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** The narrowest phone the layout supports. */
const narrowest = { width: 360, height: 740 };

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Saves a full-page screenshot at desktop and phone widths, checking on phones that nothing
 * makes the page scroll sideways. The viewport is restored afterwards.
 */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize(narrowest);
  expect(await sidewaysOverflow(page), `${name} scrolls sideways at 360px`).toBeLessThanOrEqual(0);
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready);
    if (label === 'phone') {
      expect(await sidewaysOverflow(page), `${name} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
    }
    await page.screenshot({
      path: path.join(screenshotDir, `${name}-${label}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  if (original) await page.setViewportSize(original);
}
