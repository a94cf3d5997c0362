/**
 * Condition with evidence, in a real browser: a seller lists a measured sofa as "good" with a close-up
 * photo marked as a flaw and the checklist; a buyer reads the flaws and the checklist beside the gallery
 * and books it; the seller then edits the listing, and the order still shows the listing as it was
 * booked. Photographed at desktop and phone widths, in English and Bangla.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  checklistKeys,
  loadCatalogue,
  translate,
  type MessageKey,
  type MessageValues,
} from '@furniture-mart/shared';
import { signUpPerson } from './support/api';
import { photoFile } from './support/png';
import { viewports } from './support/screenshots';

const en = (key: MessageKey, values?: MessageValues) => translate('en', key, values);
const bn = (key: MessageKey, values?: MessageValues) => translate('bn', key, values);

const shots = process.env.CONDITION_SHOTS_DIR ?? path.resolve(import.meta.dirname, '../screenshots');

async function shoot(page: Page, name: string) {
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready);
    if (label === 'phone') {
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, `${name} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}

/** axe's serious and critical findings on the page. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function switchLanguage(page: Page, origin: string, locale: 'en' | 'bn') {
  const res = await page.request.post('/api/locale', { data: { locale }, headers: { origin } });
  expect(res.ok()).toBe(true);
}

test.beforeAll(async () => {
  await loadCatalogue('bn');
});

test('a sofa listed with its flaw is booked as shown, and a later edit leaves the order as booked', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const origin = baseURL!;
  const stamp = Date.now();
  const title = `Linen three-seat sofa ${stamp}`;
  const flawCaption = 'Faded patch on the left arm';

  // ---------- the seller lists the sofa ----------
  const seller = await signUpPerson(browser, origin, 'seller', `Sofa Seller ${stamp}`);
  const page = await seller.context.newPage();
  await page.setViewportSize(viewports.desktop);
  await page.goto('/dashboard/addProduct');
  await page.getByLabel('Product name').fill(title);
  await page.getByLabel('Phone').fill('+880 1711 555666');
  await page.getByLabel(/Purchase price/).fill('1100');
  await page.getByLabel(/Selling price/).fill('480');
  await page.getByLabel('Years used').fill('3');
  await page.getByLabel('Division').selectOption('Dhaka');
  await page.getByLabel('District').selectOption({ label: 'Dhaka' });
  await page.getByLabel('Area').selectOption({ label: 'Mirpur' });
  await page.getByLabel('Condition', { exact: true }).selectOption('good');
  await expect(page.getByText(en('condition.definition.good'))).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: 'Living Room' });
  await page.getByLabel('Width (cm)').fill('210');
  await page.getByLabel('Depth (cm)').fill('90');
  await page.getByLabel('Height (cm)').fill('85');
  await page.getByLabel(en('productForm.diagonalDepth', { unit: 'cm' })).fill('70');
  await page.getByLabel('Description').fill('Comfortable linen sofa with removable, washable covers.');
  await page
    .getByLabel('Photos', { exact: true })
    .setInputFiles([photoFile('front.png', '#7c4a1e'), photoFile('left-arm.png', '#c9a27a')]);
  const chosen = page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem');
  await expect(chosen.getByText('Uploaded')).toHaveCount(2);

  // A good piece without a flaw photo or the checklist is refused, each said where it belongs.
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(en('condition.showFlaw'))).toBeVisible();
  await expect(page.getByText(en('condition.answerChecklist'))).toBeVisible();

  await page.getByRole('checkbox', { name: /Shows a flaw: photo 2/i }).check();
  await page.getByLabel(en('condition.captionLabel')).fill(flawCaption);
  for (const key of checklistKeys) {
    const answers = page.getByRole('radiogroup', { name: en(`condition.checklist.${key}`) });
    await answers.getByLabel(key === 'stains' ? 'Yes' : 'No').check();
  }
  await expect(page.getByText(en('condition.showFlaw'))).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'condition-form-en');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page).toHaveURL('/dashboard/myProducts');
  const mine = (await (await page.request.get('/api/my/products?pageSize=5')).json()) as {
    items: { id: string; title: string }[];
  };
  const productId = mine.items.find((item) => item.title === title)!.id;

  // ---------- a buyer reads the flaws and the checklist, and books ----------
  const buyer = await signUpPerson(browser, origin, 'buyer', `Sofa Buyer ${stamp}`);
  const buyerPage = await buyer.context.newPage();
  await buyerPage.setViewportSize(viewports.desktop);
  await buyerPage.goto(`/products/${productId}`);
  const evidence = buyerPage.getByRole('region', { name: /Condition: Good/ });
  await expect(evidence.getByText('1 flaw shown')).toBeVisible();
  await expect(evidence.getByRole('img', { name: flawCaption })).toBeVisible();
  await expect(evidence.getByText(en('condition.definition.good'))).toBeVisible();
  const stains = evidence.getByText('Stains', { exact: true }).locator('..');
  await expect(stains).toContainText('Yes');
  const smoke = evidence.getByText('Smoking in the home', { exact: true }).locator('..');
  await expect(smoke).toContainText('No');
  expect(await seriousViolations(buyerPage)).toEqual([]);
  await shoot(buyerPage, 'condition-product-en');

  await buyerPage.getByRole('button', { name: 'Book Now' }).first().click();
  const dialog = buyerPage.getByRole('dialog', { name: 'Book Now' });
  await dialog.getByLabel('Phone').fill('+880 1711 000222');
  await dialog.getByLabel('Meeting location').fill('Banani 11, by the lake');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  const page2 = (await (await buyerPage.request.get(`/api/products/${productId}`)).json()) as {
    viewer: { booking: { id: string } | null };
  };
  const bookingId = page2.viewer.booking!.id;

  // ---------- the seller edits the listing after the booking ----------
  await page.goto(`/dashboard/products/${productId}/edit`);
  await page.getByLabel('Product name').fill(`${title} (renamed)`);
  await page.getByLabel('Condition', { exact: true }).selectOption('fair');
  await page.getByLabel(en('condition.captionLabel')).fill('A small tear by the seam');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(`/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} (renamed)`);

  // ---------- the order still shows the listing as it was booked ----------
  await buyerPage.goto(`/dashboard/orders/${bookingId}`);
  const kept = buyerPage.getByTestId('listing-at-booking');
  await expect(kept.getByRole('heading', { name: en('condition.asBooked') })).toBeVisible();
  await expect(kept.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(kept.getByText(/Condition: Good/)).toBeVisible();
  await expect(kept.getByText(flawCaption)).toBeVisible();
  await expect(kept.getByText('A small tear by the seam')).toHaveCount(0);
  await expect(kept.getByText(/210 cm wide/)).toBeVisible();
  expect(await seriousViolations(buyerPage)).toEqual([]);
  await shoot(buyerPage, 'condition-order-en');

  // ---------- the same pages in Bangla ----------
  await switchLanguage(buyerPage, origin, 'bn');
  await buyerPage.goto(`/dashboard/orders/${bookingId}`);
  await expect(buyerPage.locator('html')).toHaveAttribute('lang', 'bn-BD');
  await expect(buyerPage.getByText(bn('condition.asBooked'))).toBeVisible();
  await shoot(buyerPage, 'condition-order-bn');
  await buyerPage.goto(`/products/${productId}`);
  await expect(buyerPage.getByText(bn('condition.flawsShown', { count: 1 }))).toBeVisible();
  await shoot(buyerPage, 'condition-product-bn');
  await switchLanguage(page, origin, 'bn');
  await page.goto(`/dashboard/products/${productId}/edit`);
  await expect(page.getByText(bn('condition.checklistHeading'))).toBeVisible();
  await shoot(page, 'condition-form-bn');
});
