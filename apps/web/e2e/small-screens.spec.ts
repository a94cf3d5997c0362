import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { cardMessages, messages } from '@furniture-mart/shared';
import { demoAccounts } from './support/accounts';
import {
  bookProduct,
  listProduct,
  reportProduct,
  signInPerson,
  signUpPerson,
  type Listing,
  type Person,
} from './support/api';

/**
 * The rough edges of phones: the filter sheet, tables at 320 px, the header's logo, the card expiry
 * and the decline message, the menu on the payment page, and Reported Items. Runs at 390x844 and at
 * 320x640, the narrowest phone the tables must serve.
 */

const phone = { width: 390, height: 844 };
const narrowest = { width: 320, height: 640 };
const stamp = Date.now();

async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth, `${what} scrolls sideways at ${innerWidth}px`).toBeLessThanOrEqual(innerWidth);
}

/** The wordmark "Furniture Mart" stays on one line: its height is one line's. */
async function expectLogoOnOneLine(page: Page) {
  const wordmark = page.getByRole('link', { name: 'Furniture Mart home' }).locator('.font-display');
  const { height, lineHeight } = await wordmark.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(height).toBeLessThan(lineHeight * 1.5);
}

/** Shown and inside the screen's width (it may be further down the page). */
async function expectWithinWidth(control: Locator) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  const width = await control.page().evaluate(() => window.innerWidth);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

async function openAt(context: BrowserContext, path: string, size = narrowest): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(size);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

test.describe.serial('small screens', () => {
  let seller: Person;
  let buyer: Person;
  let admin: BrowserContext;
  let listing: Listing;
  let bookingId = '';

  test.beforeAll(async ({ browser }, testInfo) => {
    const origin = testInfo.project.use.baseURL!;
    seller = await signUpPerson(browser, origin, 'seller', `Narrow Seller ${stamp}`);
    listing = await listProduct(seller, origin, {
      title: `Slim hall console ${stamp}`,
      categorySlug: 'living-room',
      sellingPrice: '95',
      description: 'A narrow hall console with one drawer.',
    });
    buyer = await signUpPerson(browser, origin, 'buyer', `Narrow Buyer ${stamp}`);
    bookingId = await bookProduct(buyer, origin, listing.id);
    await reportProduct(buyer, origin, listing.id);
    admin = await signInPerson(browser, origin, demoAccounts.admin);
  });

  test.afterAll(async () => {
    await seller?.context.close();
    await buyer?.context.close();
    await admin?.close();
  });

  test('on a phone the filters open in a sheet and apply', async () => {
    const page = await openAt(buyer.context, `/categories/${listing.categorySlug}`, phone);
    // The inline filter box is not on a phone's first screen; a Filters button is.
    await expect(page.getByRole('search')).toBeHidden();
    const opener = page.getByRole('button', { name: 'Filters' });
    await opener.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
    await sheet.getByLabel('Search').fill(String(stamp));
    await sheet.getByRole('button', { name: 'Apply filters' }).click();

    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
    await expect(page.getByRole('article', { name: listing.title })).toBeVisible();
    await expect(page.getByText('1 piece', { exact: true })).toBeVisible();
    // The button says how many filters are set, and the sheet starts from them.
    await expect(opener).toContainText('1 set');
    await opener.click();
    await expect(sheet.getByLabel('Search')).toHaveValue(String(stamp));
    await page.keyboard.press('Escape');
    await expect(opener).toBeFocused();
    await page.close();
  });

  test('the logo stays on one line and no page scrolls sideways at 320 px', async () => {
    // Six pages, each with an axe run, on a shared machine.
    test.slow();
    for (const [context, path] of [
      [buyer.context, '/dashboard/myOrders'],
      [seller.context, '/dashboard/myProducts'],
      [admin, '/dashboard/allSellers'],
      [admin, '/dashboard/allBuyers'],
      [admin, '/dashboard/allReport'],
      [admin, '/dashboard/activity'],
    ] as const) {
      const page = await openAt(context, path);
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await expect(page.locator('main .loading')).toHaveCount(0);
      await expectLogoOnOneLine(page);
      await expectNoSidewaysScroll(page, path);
      expect(await seriousViolations(page), path).toEqual([]);
      await page.close();
    }
  });

  test('My Orders and My Products keep every action on screen at 320 px', async () => {
    const orders = await openAt(buyer.context, '/dashboard/myOrders');
    const order = orders.getByRole('row').filter({ hasText: listing.title });
    await expectWithinWidth(order.getByRole('link', { name: `Pay for ${listing.title}` }));
    await expectWithinWidth(order.getByRole('button', { name: `Delete order for ${listing.title}` }));
    await orders.close();

    const products = await openAt(seller.context, '/dashboard/myProducts');
    const row = products.getByRole('row').filter({ hasText: listing.title });
    // One compact row: the name, price and status, then the actions, all within the screen's width.
    await expect(row.getByText('$95.00').locator('visible=true')).toBeVisible();
    await expect(row.getByText('available').locator('visible=true')).toBeVisible();
    for (const name of [
      `Advertise ${listing.title}`,
      `Bookings for ${listing.title}: 1 open`,
      `Delete ${listing.title}`,
    ]) {
      await expectWithinWidth(row.getByRole('button', { name }));
    }
    const rowBox = await row.boundingBox();
    expect(rowBox!.height, 'a compact row, not eight stacked lines').toBeLessThan(240);
    await products.close();
  });

  test('the card expiry takes "1230", a field error replaces a decline, and My Orders is highlighted', async () => {
    const page = await openAt(buyer.context, `/dashboard/payment/${bookingId}`, phone);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    const myOrders = page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'My Orders' });
    await expect(myOrders).toHaveAttribute('aria-current', 'location');
    await expect(myOrders).toHaveClass(/bg-primary/);

    const form = page.getByRole('form', { name: 'Card details' });
    const expiry = form.getByLabel('Expiry (MM/YY)');
    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await expiry.pressSequentially('1230');
    await expect(expiry).toHaveValue('12/30');
    await form.getByLabel('CVC').fill('123');
    const pay = form.getByRole('button', { name: /^Pay / });
    await pay.click();
    // The expiry was accepted: the card reached the provider, which declined it.
    await expect(form.getByTestId('card-error')).toHaveText(cardMessages.declined);
    await expect(form.getByText(cardMessages.pastExpiry)).toHaveCount(0);

    // A past expiry now: only the field's error shows, not the old decline beside it.
    await expiry.fill('');
    await expiry.pressSequentially('0120');
    await expect(expiry).toHaveValue('01/20');
    await pay.click();
    await expect(form.getByText(cardMessages.pastExpiry)).toBeVisible();
    await expect(form.getByTestId('card-error')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // A good card with the typed expiry pays.
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await expiry.fill('');
    await expiry.pressSequentially('1230');
    await pay.click();
    await expect(page.getByText(messages.paymentCompleted)).toBeVisible();
    await page.close();

    // The seller's My Products counts the paid booking of the now sold item.
    const products = await openAt(seller.context, '/dashboard/myProducts');
    const bookings = products
      .getByRole('row')
      .filter({ hasText: listing.title })
      .getByRole('button', { name: `Bookings for ${listing.title}: 0 open, 1 paid` });
    await expect(bookings).toContainText('1');
    await products.close();
  });

  test('Reported Items shows one empty message when there are no reports', async () => {
    const page = await admin.newPage();
    await page.setViewportSize(narrowest);
    await page.route('**/api/admin/reports*', (route) =>
      route.fulfill({ json: { items: [], page: 1, pageSize: 20, total: 0 } }),
    );
    await page.goto('/dashboard/allReport');
    await expect(page.getByText(messages.noData)).toHaveCount(1);
    await expect(page.getByText(/^No reports/)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Pages of reports' })).toHaveCount(0);
    await page.close();
  });

  test('Reported Items shows what a report is about', async () => {
    for (const size of [phone, narrowest, { width: 1280, height: 800 }]) {
      const page = await openAt(admin, '/dashboard/allReport', size);
      const report = page.getByRole('row').filter({ hasText: listing.title });
      await expect(report).toBeVisible();
      await expect(report.getByText('Wrong condition or photos')).toBeVisible();
      await expect(report.getByText('The photos do not match the description.')).toBeVisible();
      await expect(report.getByText(buyer.name)).toBeVisible();
      // The product's photo, seller and status (sold by now: the buyer paid above).
      await expect(report.locator('img')).toHaveAttribute('src', /-thumb\.webp$/);
      await expect(report.getByText(`Seller: ${seller.name}`)).toBeVisible();
      await expect(report.getByText('Sold', { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page, 'Reported Items');
      await page.close();
    }
  });
});
