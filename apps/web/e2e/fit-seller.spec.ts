/**
 * A seller's side of measured pieces: the measures of Add A Product in a living room, where they are
 * required, and their errors; captured in English and Bangla.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, signIn } from './support/accounts';
import { viewports } from './support/screenshots';

const shots = process.env.FIT_SHOTS_DIR ?? path.resolve(import.meta.dirname, '../screenshots');

async function shoot(page: Page, name: string) {
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}

test('a seller is asked for the measures of a living-room piece, in cm or inches', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, demoAccounts.seller);
  await page.goto('/dashboard/addProduct');
  await page.getByLabel('Category').selectOption({ label: 'Living Room' });
  await expect(page.getByText('Required for this category')).toBeVisible();
  await page.getByLabel('Unit').selectOption('in');
  await page.getByLabel('Width (in)').fill('83');
  await page.getByLabel('Depth (in)').fill('wide');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Enter the depth as a number greater than 0 and at most 5 m.')).toBeVisible();
  await shoot(page, 'fit-add-product-en');

  const switched = await page.request.post('/api/locale', {
    data: { locale: 'bn' },
    headers: { origin: baseURL! },
  });
  expect(switched.ok()).toBe(true);
  await page.goto('/dashboard/addProduct');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn-BD');
  await page.getByLabel('ক্যাটাগরি').selectOption({ index: 5 });
  await shoot(page, 'fit-add-product-bn');
  // The demo seller reads English in every other spec.
  await page.request.post('/api/locale', { data: { locale: 'en' }, headers: { origin: baseURL! } });
});
