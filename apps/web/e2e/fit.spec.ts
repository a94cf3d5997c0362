/**
 * Will it fit: a buyer saves a 76 cm front door on the Account page, reads the verdict on two sofas'
 * pages, and filters the living room by "fits my home"; the pages are captured in both languages.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
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

async function productId(page: Page, title: string): Promise<string> {
  const res = await page.request.get(`/api/products?q=${encodeURIComponent(title)}&pageSize=5`);
  const body = (await res.json()) as { items: { id: string; title: string }[] };
  return body.items.find((item) => item.title === title)!.id;
}

test('a buyer saves a 76 cm door and sees which sofas pass it', async ({ page, baseURL }) => {
  // Fourteen full-page screenshots on top of the journey.
  test.setTimeout(180_000);
  const origin = baseURL!;
  const email = uniqueEmail('fit-buyer');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Rina Fit', email, password: 'fit-buyer-password-1', role: 'buyer' },
    headers: { origin },
  });
  expect(signUp.ok()).toBe(true);

  // A sofa's page before any home is saved: the measures and an invitation.
  const linen = await productId(page, 'Three-seat linen sofa');
  const sofaBed = await productId(page, 'Sofa bed for guests');
  await page.goto(`/products/${linen}`);
  await expect(page.getByText('210 cm wide, 90 cm deep, 85 cm high, 70 cm diagonal depth')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add your doorways' })).toBeVisible();
  await shoot(page, 'fit-product-invite-en');

  await page.getByRole('link', { name: 'Add your doorways' }).click();
  await expect(page.getByRole('heading', { name: /home.s doorways/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add a doorway' }).click();
  await page.getByLabel('Width (cm)').fill('76');
  await page.getByLabel('Height (cm)').fill('200');
  await page.getByRole('button', { name: 'Save my home' }).click();
  await expect(page.getByText('Your home is saved.')).toBeVisible();
  await shoot(page, 'fit-account-en');

  await page.goto(`/products/${linen}`);
  const verdicts = page.getByTestId('fit-verdicts');
  await expect(verdicts.getByText('Fits if tilted')).toBeVisible();
  await shoot(page, 'fit-product-tilted-en');
  await page.goto(`/products/${sofaBed}`);
  await expect(verdicts.getByText('Too wide for the front door by 16 cm')).toBeVisible();
  await shoot(page, 'fit-product-too-wide-en');

  // The living room, filtered to what passes the door: the linen sofa stays, the lounge chair (80 cm
  // wide, 75 cm even tipped) goes.
  await page.goto('/categories/living-room');
  await page
    .getByRole('checkbox', { name: /Fits my home/ })
    .first()
    .check();
  await page.getByRole('button', { name: 'Apply filters' }).first().click();
  await expect(page).toHaveURL(/fits=1/);
  await expect(page.getByRole('link', { name: 'Three-seat linen sofa' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Leather lounge chair' })).toHaveCount(0);
  await expect(page.getByText('Fits your home').first()).toBeVisible();
  await shoot(page, 'fit-listing-en');

  // The same in Bangla.
  const switched = await page.request.post('/api/locale', { data: { locale: 'bn' }, headers: { origin } });
  expect(switched.ok()).toBe(true);
  await page.goto(`/products/${sofaBed}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn-BD');
  await expect(page.getByTestId('fit-verdicts')).toBeVisible();
  await shoot(page, 'fit-product-too-wide-bn');
  await page.goto('/dashboard/account');
  await expect(page.getByRole('button', { name: 'বাসার মাপ সংরক্ষণ করুন' })).toBeVisible();
  await shoot(page, 'fit-account-bn');
  await page.goto('/categories/living-room?fits=1');
  await expect(page.getByRole('link', { name: 'Three-seat linen sofa' })).toBeVisible();
  await shoot(page, 'fit-listing-bn');
});
