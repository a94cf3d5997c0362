import { expect, test, type Page } from '@playwright/test';
import { buyerMessages, catalogueMessages, messages } from '@furniture-mart/shared';
import { signIn } from './support/accounts';
import path from 'node:path';
import { listProduct, signUpPerson, type Person } from './support/api';
import { screenshotBothWidths, viewports } from './support/screenshots';

// A seller and a buyer of this spec's own, made afresh for every run of the group (a retry too), so
// the bookings and the report below never meet what another run or spec left behind.
const stamp = Date.now();
const booked = { title: `Oak chest of drawers ${stamp}`, price: '$180.00', category: 'bed-room' };
const reported = { title: `Two-door mirrored wardrobe ${stamp}`, category: 'bed-room' };
const phone = '+880 1711 224466';
const meetingLocation = 'Dhanmondi 27, in front of the mosque';

function card(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

/** A modal covers the viewport, so it is captured as the screen shows it rather than as a full page. */
async function screenshotDialogBothWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: path.resolve(import.meta.dirname, 'screenshots', `${name}-${label}.png`),
      animations: 'disabled',
    });
  }
  if (original) await page.setViewportSize(original);
}

/** Holds one request until the returned release() is called, so an in-flight state can be checked. */
async function holdRequest(page: Page, url: string, method: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await released;
    await route.fallback();
  });
  return release;
}

test.describe.serial('buyer flows', () => {
  let seller: Person;
  let buyer: Person;

  test.beforeAll(async ({ browser }, testInfo) => {
    const origin = testInfo.project.use.baseURL!;
    const run = Date.now();
    seller = await signUpPerson(browser, origin, 'seller', `Chest Seller ${run}`);
    for (const product of [booked, reported]) {
      await listProduct(seller, origin, {
        title: product.title,
        categorySlug: product.category,
        sellingPrice: product === booked ? '180' : '260',
        description: 'Solid wood, from a smoke-free home.',
      });
    }
    buyer = await signUpPerson(browser, origin, 'buyer', `Karim Buyer ${run}`);
    await seller.context.close();
    await buyer.context.close();
  });

  test('a buyer books a product from a category page and reports another', async ({ page }) => {
    await signIn(page, buyer.email, buyer.password);
    // Only this spec's pieces, so both cards are on the first page.
    await page.goto(`/categories/${booked.category}?q=${stamp}`);

    const bookButton = card(page, booked.title).getByRole('button', { name: 'Book Now' });
    await bookButton.click();
    const dialog = page.getByRole('dialog', { name: 'Book Now' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Phone')).toBeFocused();
    await expect(dialog.getByLabel('Product')).toHaveValue(booked.title);
    await expect(dialog.getByLabel('Product')).toHaveAttribute('readonly', '');
    await expect(dialog.getByLabel('Price')).toHaveValue(booked.price);
    await expect(dialog.getByLabel('Name')).toHaveValue(buyer.name);
    await expect(dialog.getByLabel('Email')).toHaveValue(buyer.email);

    // Esc closes and hands focus back to the button that opened the dialog.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(bookButton).toBeFocused();

    await bookButton.click();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText(messages.required)).toHaveCount(2);
    await dialog.getByLabel('Phone').fill(phone);
    await dialog.getByLabel('Meeting location').fill(meetingLocation);
    await screenshotDialogBothWidths(page, 'buyer-booking-dialog');

    // The same piece open in another tab, its Book Now dialog filled in before this booking lands.
    const otherTab = await page.context().newPage();
    await otherTab.goto(`/categories/${booked.category}?q=${stamp}`);
    await card(otherTab, booked.title).getByRole('button', { name: 'Book Now' }).click();
    const otherDialog = otherTab.getByRole('dialog', { name: 'Book Now' });
    await otherDialog.getByLabel('Phone').fill(phone);
    await otherDialog.getByLabel('Meeting location').fill(meetingLocation);

    const release = await holdRequest(page, '**/api/bookings', 'POST');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const sending = dialog.getByRole('button', { name: 'Submit...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();
    await expect(page.getByText(messages.productBooked)).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.unroute('**/api/bookings');

    // Booked: the card leads to the order instead of offering Book Now again, and focus is there.
    const bookedCard = card(page, booked.title);
    const orderLink = bookedCard.getByRole('link', { name: 'Open your order' });
    await expect(orderLink).toBeFocused();
    await expect(orderLink).toHaveAccessibleName(`Open your order: ${booked.title}`);
    await expect(orderLink).toHaveAccessibleDescription(catalogueMessages.bookedByYou);
    await expect(orderLink).toHaveAttribute('href', /^\/dashboard\/orders\/[0-9a-f-]{36}$/);
    await expect(bookedCard.getByRole('button', { name: /Book Now/ })).toHaveCount(0);

    // The other tab's booking of the same piece is refused, and its dialog says why.
    await otherDialog.getByRole('button', { name: 'Submit' }).click();
    await expect(otherDialog.getByRole('alert')).toHaveText(messages.alreadyBooked);
    await otherTab.close();

    const reportButton = card(page, reported.title).getByRole('button', { name: 'Report' });
    await reportButton.click();
    const report = page.getByRole('dialog', { name: 'Report this product' });
    await expect(report).toBeVisible();
    await report.getByRole('button', { name: 'Submit' }).click();
    await expect(report.getByText(messages.required)).toBeVisible();
    await report.getByLabel('Reason').selectOption({ label: 'Wrong condition or photos' });
    await report.getByLabel('Details (optional)').fill('The mirror is cracked in the second photo.');
    await expect(report.getByText('42/1000 characters')).toBeVisible();
    await report.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(messages.reportSuccess)).toBeVisible();
    await expect(report).toBeHidden();
    await expect(reportButton).toBeFocused();

    await reportButton.click();
    await report.getByLabel('Reason').selectOption({ label: 'Other' });
    await report.getByRole('button', { name: 'Submit' }).click();
    await expect(report.getByRole('alert')).toHaveText(messages.alreadyReported);
  });

  test('the order shows in My Orders with a Pay link', async ({ page }) => {
    await signIn(page, buyer.email, buyer.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'My Orders' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

    const table = page.getByRole('table', { name: 'My Orders' });
    for (const header of ['SL.', 'Photo', 'Name', 'Price', 'Payment', 'Action']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    const row = table.getByRole('row').filter({ hasText: booked.title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(booked.price);
    await expect(row.getByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      /^\/dashboard\/payment\/[0-9a-f-]{36}$/,
    );
    await expect(page.getByText(messages.loginSuccess)).toBeHidden();
    await screenshotBothWidths(page, 'buyer-my-orders');
  });

  test('the seller sees who booked, with phone and meeting location', async ({ page }) => {
    await signIn(page, seller.email, seller.password);

    // Sellers cannot book or report, and are told why.
    await page.goto(`/categories/${booked.category}?q=${stamp}`);
    const sellerCard = card(page, booked.title);
    await expect(sellerCard.getByRole('button', { name: 'Book Now' })).toBeDisabled();
    await expect(sellerCard.getByRole('button', { name: 'Report' })).toBeDisabled();
    await expect(sellerCard.getByText(buyerMessages.onlyBuyers)).toBeVisible();

    await page.goto('/dashboard/myProducts');
    await expect(page.getByRole('heading', { level: 1, name: 'My Products' })).toBeVisible();
    const opener = page.getByRole('button', { name: `Bookings for ${booked.title}` });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: `Bookings for ${booked.title}` });
    await expect(dialog).toBeVisible();
    const entry = dialog.getByRole('listitem').filter({ hasText: buyer.name });
    // Typed with its country code, shown grouped as Bangladesh writes it.
    await expect(entry).toContainText('01711-224466');
    await expect(entry).toContainText(meetingLocation);
    await expect(entry).toContainText('not paid yet');
    await screenshotDialogBothWidths(page, 'seller-product-bookings');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a buyer deletes an order after confirming', async ({ page }) => {
    await signIn(page, buyer.email, buyer.password);
    await page.goto('/dashboard/myOrders');
    const table = page.getByRole('table', { name: 'My Orders' });
    const row = table.getByRole('row').filter({ hasText: booked.title });
    const remove = row.getByRole('button', { name: `Delete order for ${booked.title}` });

    // Cancelling the confirmation keeps the order.
    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Delete order' });
    await expect(confirm).toContainText(messages.confirmDeleteOrder);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(1);

    await remove.click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(buyerMessages.orderDeleted)).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
