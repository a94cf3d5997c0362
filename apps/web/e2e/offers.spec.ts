/**
 * Offers (issue 40) as people use them: a buyer offers 60% of the price with a card hold, the seller
 * counters, the buyer takes the counter with a card, both see the paid order, and the handoff code
 * completes the sale. The offer cards of the conversation are photographed at both widths.
 */
import { expect, test, type Page } from '@playwright/test';
import { orderMessages } from '@furniture-mart/shared';
import { listProduct, signUpPerson, type Listing, type Person } from './support/api';
import { screenshotBothWidths } from './support/screenshots';

const stamp = Date.now();

async function fillCard(page: Page) {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
}

test.describe.serial('an offer that binds', () => {
  let seller: Person;
  let buyer: Person;
  let listing: Listing;
  let offerPath = '';

  test.beforeAll(async ({ browser }, testInfo) => {
    const origin = testInfo.project.use.baseURL!;
    seller = await signUpPerson(browser, origin, 'seller', `Offer Seller ${stamp}`);
    listing = await listProduct(seller, origin, {
      title: `Teak writing desk ${stamp}`,
      categorySlug: 'living-room',
      sellingPrice: '200',
      description: 'A teak desk with two drawers.',
    });
    buyer = await signUpPerson(browser, origin, 'buyer', `Offer Buyer ${stamp}`);
  });

  test.afterAll(async () => {
    await seller.context.close();
    await buyer.context.close();
  });

  test('the buyer offers 60% of the price and holds it on a card', async () => {
    const page = await buyer.context.newPage();
    await page.goto(`/products/${listing.id}`);
    await expect(page.getByRole('link', { name: 'Make an offer' })).toBeVisible();
    await screenshotBothWidths(page, 'offer-product-page');
    await page.getByRole('link', { name: 'Make an offer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Make an offer' })).toBeVisible();
    await expect(page.getByText('From $100.00 up to just below $200.00.')).toBeVisible();
    // Below the lowest offer: the field says so and nothing is made.
    await page.getByLabel('Your offer').fill('90');
    await page.getByRole('button', { name: 'Continue to the card' }).click();
    await expect(page.getByText('Offer at least $100.00.')).toBeVisible();
    await screenshotBothWidths(page, 'offer-make');
    await page.getByLabel('Your offer').fill('120');
    await page.getByRole('button', { name: 'Continue to the card' }).click();
    await expect(page).toHaveURL(/\/dashboard\/offers\/[0-9a-f-]{36}$/);
    offerPath = new URL(page.url()).pathname;
    await expect(page.getByTestId('offer-status')).toHaveText('Waiting for your card');
    await screenshotBothWidths(page, 'offer-card-step');
    await fillCard(page);
    await page.getByRole('button', { name: 'Hold $120.00' }).click();
    await expect(page.getByTestId('offer-status')).toHaveText('Waiting for the seller');
    await expect(page.getByText('47 hours left')).toBeVisible();
    await page.close();
  });

  test('the seller sees it waiting, counters once, and the thread shows the cards', async () => {
    const page = await seller.context.newPage();
    await page.goto('/dashboard');
    await expect(page.getByTestId('offers-waiting')).toHaveText('1 offer waits for your answer');
    await page.goto('/dashboard/offers');
    const row = page.getByTestId('offer-row').filter({ hasText: listing.title });
    await row.getByRole('link', { name: 'Answer' }).click();
    await expect(page).toHaveURL(offerPath);
    await page.getByRole('button', { name: 'Counter' }).click();
    await page.getByLabel('Your counter offer').fill('250');
    await page.getByRole('button', { name: 'Send the counter offer' }).click();
    await expect(page.getByText('A counter offer must be below your price of $200.00.')).toBeVisible();
    await page.getByLabel('Your counter offer').fill('160');
    await page.getByRole('button', { name: 'Send the counter offer' }).click();
    await expect(page.getByTestId('offer-status')).toHaveText('Countered');
    await expect(page.getByText('Counter offer $160.00')).toBeVisible();

    await page.goto('/dashboard/messages');
    await page
      .getByRole('link', { name: new RegExp(listing.title) })
      .first()
      .click();
    const cards = page.getByTestId('offer-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(`Offer Buyer ${stamp} offered $120.00`);
    await expect(cards.nth(1)).toContainText('You countered with $160.00');
    await screenshotBothWidths(page, 'offer-cards-seller');

    // The same thread and the offers received, in Bangla.
    await page.locator('header').getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.getByTestId('offer-card').nth(1)).toContainText('পাল্টা প্রস্তাব দিয়েছেন');
    await screenshotBothWidths(page, 'offer-cards-seller-bn');
    await page.goto(offerPath);
    await expect(page.getByTestId('offer-status')).toHaveText('পাল্টা প্রস্তাব এসেছে');
    await screenshotBothWidths(page, 'offer-page-seller-bn');
    await page.locator('header').getByRole('button', { name: 'English' }).click();
    await expect(page.getByTestId('offer-status')).toHaveText('Countered');
    await page.close();
  });

  test('the buyer takes the counter with a card; both see the paid order; the code completes it', async () => {
    const page = await buyer.context.newPage();
    await page.goto('/dashboard/messages');
    await page
      .getByRole('link', { name: new RegExp(listing.title) })
      .first()
      .click();
    const counterCard = page.getByTestId('offer-card').filter({ hasText: 'countered with $160.00' });
    await expect(counterCard.getByRole('link', { name: 'Answer' })).toBeVisible();
    await screenshotBothWidths(page, 'offer-cards-buyer');
    await counterCard.getByRole('link', { name: 'Answer' }).click();
    await expect(page).toHaveURL(offerPath);
    await fillCard(page);
    await page.getByRole('button', { name: 'Pay $160.00' }).click();
    await expect(page.getByTestId('offer-status')).toHaveText('Accepted');
    await expect(page.getByText('You bought it for $160.00. Your order is paid.')).toBeVisible();
    await page.getByTestId('offer-order').click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}$/);
    const orderPath = new URL(page.url()).pathname;
    const code = (await page.getByTestId('handoff-code').textContent())!.trim();
    expect(code).toMatch(/^\d{6}$/);

    const sellerPage = await seller.context.newPage();
    await sellerPage.goto(orderPath);
    await expect(sellerPage.getByTestId('handoff-code')).toHaveCount(0);
    await sellerPage.getByLabel(orderMessages.enterCodeLabel).fill(code);
    await sellerPage.getByRole('button', { name: orderMessages.confirmHandoff }).click();
    await expect(sellerPage.getByText(orderMessages.handoffDone)).toBeVisible();
    await sellerPage.goto(offerPath);
    await expect(sellerPage.getByTestId('offer-status')).toHaveText('Accepted');
    await screenshotBothWidths(sellerPage, 'offer-accepted-seller');
    await sellerPage.close();
    await page.close();
  });
});
