import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { messages } from '@furniture-mart/shared';
import { demoAccounts, fillSignUp, signIn, uniqueEmail } from './support/accounts';
import { listProduct, reportProduct, signUpPerson } from './support/api';
import { photoFile } from './support/png';
import { loadAllImages, openRoute, routeTable, setUpScene } from './support/routes';
import { screenshotBothWidths } from './support/screenshots';

/**
 * Whole journeys through the product in a real browser, one per role and one across roles, every step
 * through the pages a person would use. People are new accounts made for the journey (the demo admin
 * aside), so the demo data stays as the other specs expect it.
 */

interface NewProduct {
  title: string;
  categoryLabel: string;
  sellingPrice: string;
  description: string;
  photos: { name: string; colour: string }[];
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

function dashboardNav(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

/** Signs a new person up through the sign-up page, in a browser context of their own. */
async function signUpInBrowser(browser: Browser, origin: string, name: string, role: 'Buy' | 'Sell') {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const email = uniqueEmail(role === 'Buy' ? 'journey-buyer' : 'journey-seller');
  await page.goto('/signup');
  await fillSignUp(page, { name, email, role, password: 'journey-password-1' });
  await expect(page.getByText(messages.signUpSuccess)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  return { context, page, name, email };
}

/** Lists a product through Add A Product and waits for it in My Products. */
async function addProductThroughForm(page: Page, product: NewProduct) {
  await dashboardNav(page).getByRole('link', { name: 'Add A Product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add A Product' })).toBeVisible();
  await page.getByLabel('Product name').fill(product.title);
  await page.getByLabel('Phone').fill('+880 1712 345678');
  await page.getByLabel(/Purchase price/).fill('300');
  await page.getByLabel(/Selling price/).fill(product.sellingPrice);
  await page.getByLabel('Years used').fill('4');
  await page.getByLabel('Division').selectOption('Khulna');
  await page.getByLabel('District').selectOption({ label: 'Khulna' });
  await page.getByLabel('Condition').selectOption('excellent');
  await page.getByLabel('Category').selectOption({ label: product.categoryLabel });
  await page.getByLabel('Description').fill(product.description);
  // Bed rooms and living rooms hold bulky pieces: their listings give the three measures.
  await page.getByLabel('Width (cm)').fill('80');
  await page.getByLabel('Depth (cm)').fill('45');
  await page.getByLabel('Height (cm)').fill('75');
  await page
    .getByLabel('Photos', { exact: true })
    .setInputFiles(product.photos.map((photo) => photoFile(photo.name, photo.colour)));
  const chosen = page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem');
  await expect(chosen).toHaveCount(product.photos.length);
  await expect(chosen.getByText('Uploaded')).toHaveCount(product.photos.length);
  await page.getByRole('button', { name: 'Add Product' }).click();
  // The toast of an earlier listing may still be on screen.
  await expect(page.getByText(messages.productAdded).last()).toBeVisible();
  await expect(page).toHaveURL('/dashboard/myProducts');
  await expect(myProductRow(page, product.title)).toBeVisible();
}

function myProductRow(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByText(title, { exact: true }) });
}

/** Search page: the product's own title finds it. */
async function searchFor(page: Page, title: string) {
  await mainNav(page).getByRole('link', { name: 'Search' }).click();
  const form = page.getByRole('search', { name: 'Search furniture' });
  await form.getByRole('searchbox', { name: 'Search' }).fill(title);
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('article').first()).toHaveAccessibleName(title);
}

/** Book Now on a product card, with the buyer's phone and meeting place. */
async function bookFromCard(page: Page, title: string, phone: string, meetingLocation: string) {
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Now' });
  await expect(dialog.getByLabel('Product')).toHaveValue(title);
  await dialog.getByLabel('Phone').fill(phone);
  await dialog.getByLabel('Meeting location').fill(meetingLocation);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(messages.productBooked)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectClearOfNavigation(
    page,
    page.getByRole('status').filter({ hasText: messages.productBooked }).locator('..'),
  );
}

/** A message on screen never covers the main navigation, which people reach for next. */
async function expectClearOfNavigation(page: Page, message: Locator) {
  const nav = await mainNav(page).boundingBox();
  const box = await message.boundingBox();
  expect(nav).not.toBeNull();
  expect(box).not.toBeNull();
  const overlaps =
    box!.x < nav!.x + nav!.width &&
    nav!.x < box!.x + box!.width &&
    box!.y < nav!.y + nav!.height &&
    nav!.y < box!.y + box!.height;
  expect(overlaps, 'the message covers the main navigation').toBe(false);
}

/** From My Orders to a paid order, with the sandbox's test card that succeeds. */
async function payFromMyOrders(page: Page, title: string, price: string) {
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await dashboardNav(page).getByRole('link', { name: 'My Orders' }).click();
  const row = page.getByRole('row').filter({ has: page.getByText(title, { exact: true }) });
  await row.getByRole('link', { name: `Pay for ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  const card = page.getByRole('form', { name: 'Card details' });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page.getByRole('heading', { name: messages.paymentCompleted })).toBeVisible();
  await expect(page.getByTestId('transaction-id')).toHaveText(/^pi_sandbox_[0-9a-f]{24}$/);

  await page.goto('/dashboard/myOrders');
  await expect(row.getByText('paid', { exact: true }).filter({ visible: true }).first()).toBeVisible();
}

/** An admin action behind a confirmation dialog. */
async function confirm(page: Page, button: string, question: string, answer: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('journeys', () => {
  test('seller: signs up, lists a piece with photos, advertises it, sees it on the home page, removes it', async ({
    browser,
    baseURL,
  }) => {
    const stamp = Date.now();
    const seller = await signUpInBrowser(browser, baseURL!, `Selma Seller ${stamp}`, 'Sell');
    const { page } = seller;
    const title = `Rattan peacock chair ${stamp}`;

    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${seller.name}` })).toBeVisible();
    await addProductThroughForm(page, {
      title,
      categoryLabel: 'Guest Room',
      sellingPrice: '95.50',
      description: 'A tall rattan peacock chair, re-woven last year; light and sturdy.',
      photos: [
        { name: 'front.png', colour: '#8b5a2b' },
        { name: 'back.png', colour: '#4f6b4a' },
      ],
    });
    const row = myProductRow(page, title);
    await expect(row.getByText('available').filter({ visible: true })).toBeVisible();
    await expect(row.getByText('$95.50').filter({ visible: true })).toBeVisible();
    await expect(row.locator('img')).toHaveAttribute('src', /-thumb\.webp$/);

    await row.getByRole('button', { name: `Advertise ${title}` }).click();
    await expect(page.getByText(messages.productAdvertised)).toBeVisible();
    await expect(row.getByText('advertised', { exact: true }).filter({ visible: true })).toBeVisible();

    // Popular furniture on the home page shows it, with both photos in its details.
    await mainNav(page).getByRole('link', { name: 'Home' }).click();
    const popular = page.getByRole('region', { name: 'Popular furniture' });
    const card = popular.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Details of ${title}` }).click();
    const details = page.getByRole('dialog', { name: title });
    await expect(details.getByRole('img', { name: `Photo 1 of 2 of ${title}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    // A seller cannot book or report, not even someone else's piece.
    await expect(card.getByRole('button', { name: 'Book Now' })).toBeDisabled();

    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await dashboardNav(page).getByRole('link', { name: 'My Products' }).click();
    await confirm(page, `Delete ${title}`, messages.confirmDeleteProduct, 'Delete');
    await expect(page.getByText(messages.productDeleted)).toBeVisible();
    await expect(myProductRow(page, title)).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    await seller.context.close();
  });

  test('buyer: signs up, finds a piece by search, books it, pays, reports another and deletes an order', async ({
    browser,
    baseURL,
  }) => {
    const origin = baseURL!;
    const stamp = Date.now();
    const shop = await signUpPerson(browser, origin, 'seller', `Corner Shop ${stamp}`);
    const lamp = await listProduct(shop, origin, {
      title: `Brass floor lamp ${stamp}`,
      categorySlug: 'living-room',
      sellingPrice: '64',
      description: 'A brass floor lamp with a linen shade, rewired.',
    });
    const stool = await listProduct(shop, origin, {
      title: `Pine step stool ${stamp}`,
      categorySlug: 'kitchen',
      sellingPrice: '18',
      description: 'A two-step pine stool.',
    });
    await shop.context.close();

    const buyer = await signUpInBrowser(browser, origin, `Bilal Buyer ${stamp}`, 'Buy');
    const { page } = buyer;
    await searchFor(page, lamp.title);
    await bookFromCard(page, lamp.title, '+880 1819 000111', 'Mirpur 1, at the bus stand');
    await payFromMyOrders(page, lamp.title, '$64.00');

    // Sold: no longer offered in its category.
    await page.goto(`/categories/${lamp.categorySlug}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article', { name: lamp.title })).toHaveCount(0);

    // Another piece: booked, reported, and the order deleted after all.
    await page.goto(`/categories/${stool.categorySlug}?q=${encodeURIComponent(stool.title)}`);
    await bookFromCard(page, stool.title, '+880 1819 000111', 'Mirpur 1, at the bus stand');
    const card = page.getByRole('article', { name: stool.title });
    await card.getByRole('button', { name: 'Report' }).click();
    const report = page.getByRole('dialog', { name: 'Report this product' });
    await report.getByLabel('Reason').selectOption({ label: 'Wrong condition or photos' });
    await report.getByLabel('Details (optional)').fill('One step is cracked.');
    await report.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(messages.reportSuccess)).toBeVisible();

    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await dashboardNav(page).getByRole('link', { name: 'My Orders' }).click();
    await confirm(page, `Delete order for ${stool.title}`, 'Delete order', 'Delete');
    await expect(page.getByRole('row').filter({ hasText: stool.title })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: lamp.title })).toHaveCount(1);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await buyer.context.close();
  });

  test('admin: verifies a seller, removes a reported item and a buyer, and finds it all in Activity', async ({
    page,
    browser,
    baseURL,
  }) => {
    const origin = baseURL!;
    const stamp = Date.now();
    const seller = await signUpPerson(browser, origin, 'seller', `Vera Vendor ${stamp}`);
    const listing = await listProduct(seller, origin, {
      title: `Folding card table ${stamp}`,
      categorySlug: 'guest-room',
      sellingPrice: '30',
      description: 'A folding card table with a green felt top.',
    });
    const buyer = await signUpPerson(browser, origin, 'buyer', `Rafi Reporter ${stamp}`);
    await reportProduct(buyer, origin, listing.id);

    await signIn(page, demoAccounts.admin);
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();

    await dashboardNav(page).getByRole('link', { name: 'All Sellers' }).click();
    await page.getByRole('searchbox', { name: 'Search sellers by name or email' }).fill(seller.email);
    await expect(page.getByRole('row')).toHaveCount(2);
    await confirm(page, `Verify ${seller.name}`, messages.confirmVerifySeller, 'Verify');
    await expect(page.getByText(messages.sellerVerified)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: seller.email })).toContainText('verified');

    await dashboardNav(page).getByRole('link', { name: 'Reported Items' }).click();
    const reported = page.getByRole('row').filter({ hasText: listing.title });
    await expect(reported).toHaveCount(1);
    await expect(reported).toContainText(buyer.name);
    await confirm(page, `Delete item ${listing.title}`, messages.confirmDeleteReportedItem, 'Delete item');
    await expect(page.getByText(messages.reportedItemDeleted)).toBeVisible();
    await expect(reported).toHaveCount(0);

    await dashboardNav(page).getByRole('link', { name: 'All Buyers' }).click();
    await page.getByRole('searchbox', { name: 'Search buyers by name or email' }).fill(buyer.email);
    await expect(page.getByRole('row')).toHaveCount(2);
    await confirm(page, `Delete ${buyer.name}`, messages.confirmDeleteUser, 'Delete');
    await expect(page.getByText(messages.userDeleted)).toBeVisible();
    await expect(page.getByText(messages.noData)).toBeVisible();
    // Their session ended with the account.
    expect((await buyer.context.request.get('/api/me')).status()).toBe(401);

    await dashboardNav(page).getByRole('link', { name: 'Activity' }).click();
    const activity = page.getByRole('table', { name: 'Moderation activity' });
    await expect(activity.getByRole('row').filter({ hasText: buyer.email })).toContainText('Removed a user');
    await expect(activity.getByRole('row').filter({ hasText: seller.email }).first()).toBeVisible();
    await expect(activity.getByRole('row').filter({ hasText: listing.title }).first()).toBeVisible();

    await seller.context.close();
    await buyer.context.close();
  });

  test('across roles: a new seller lists, a buyer finds, books and pays, another reports, an admin moderates', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL!;
    const stamp = Date.now();
    const sold = `Kantha-stitched ottoman ${stamp}`;
    const flagged = `Lacquered side table ${stamp}`;

    // A seller signs up and lists two pieces with photos.
    const seller = await signUpInBrowser(browser, origin, `Shirin Seller ${stamp}`, 'Sell');
    await mainNav(seller.page).getByRole('link', { name: 'Dashboard' }).click();
    await addProductThroughForm(seller.page, {
      title: sold,
      categoryLabel: 'Living Room',
      sellingPrice: '140',
      description: 'A round ottoman covered in hand-stitched kantha cloth.',
      photos: [
        { name: 'ottoman-top.png', colour: '#b3261e' },
        { name: 'ottoman-side.png', colour: '#2f6f9f' },
      ],
    });
    await addProductThroughForm(seller.page, {
      title: flagged,
      categoryLabel: 'Bed Room',
      sellingPrice: '55',
      description: 'A small lacquered side table with one drawer.',
      photos: [{ name: 'table.png', colour: '#2f241c' }],
    });

    // A buyer finds the first by search, books it and pays in the sandbox.
    const buyer = await signUpInBrowser(browser, origin, `Babul Buyer ${stamp}`, 'Buy');
    const phone = '+880 1555 123456';
    const meetingLocation = 'Gulshan 2 circle, by the fountain';
    await searchFor(buyer.page, sold);
    await bookFromCard(buyer.page, sold, phone, meetingLocation);
    await payFromMyOrders(buyer.page, sold, '$140.00');

    // The seller sees it sold, and who bought it with their phone and meeting place.
    await seller.page.reload();
    const row = myProductRow(seller.page, sold);
    await expect(row.getByText('sold', { exact: true }).filter({ visible: true })).toBeVisible();
    const opener = seller.page.getByRole('button', { name: `Bookings for ${sold}` });
    await opener.click();
    const bookings = seller.page.getByRole('dialog', { name: `Bookings for ${sold}` });
    const entry = bookings.getByRole('listitem').filter({ hasText: buyer.name });
    // Kept as +8801555123456 and shown grouped the way people write it at home.
    await expect(entry).toContainText('01555-123456');
    await expect(entry).toContainText(meetingLocation);
    await expect(entry.getByText('paid', { exact: true })).toBeVisible();
    await seller.page.keyboard.press('Escape');
    await expect(opener).toBeFocused();

    // Another buyer reports the second piece.
    const reporter = await signUpInBrowser(browser, origin, `Rina Reporter ${stamp}`, 'Buy');
    await reporter.page.goto('/');
    await reporter.page.locator('#categories').getByRole('link', { name: 'Bed Room' }).click();
    await reporter.page.getByRole('searchbox', { name: 'Search' }).fill(flagged);
    await reporter.page.getByRole('button', { name: 'Apply filters' }).click();
    const flaggedCard = reporter.page.getByRole('article', { name: flagged });
    await flaggedCard.getByRole('button', { name: 'Report' }).click();
    const report = reporter.page.getByRole('dialog', { name: 'Report this product' });
    await report.getByLabel('Reason').selectOption({ label: 'Scam or fake listing' });
    await report.getByRole('button', { name: 'Submit' }).click();
    await expect(reporter.page.getByText(messages.reportSuccess)).toBeVisible();

    // An admin verifies the seller, removes the reported piece and removes a buyer.
    const admin = await browser.newContext({ baseURL: origin });
    const adminPage = await admin.newPage();
    await signIn(adminPage, demoAccounts.admin);
    await adminPage.goto('/dashboard/allSellers');
    await adminPage.getByRole('searchbox', { name: 'Search sellers by name or email' }).fill(seller.email);
    await confirm(adminPage, `Verify ${seller.name}`, messages.confirmVerifySeller, 'Verify');
    await expect(adminPage.getByText(messages.sellerVerified)).toBeVisible();

    await dashboardNav(adminPage).getByRole('link', { name: 'Reported Items' }).click();
    await expect(adminPage.getByRole('row').filter({ hasText: flagged })).toContainText(reporter.name);
    await confirm(adminPage, `Delete item ${flagged}`, messages.confirmDeleteReportedItem, 'Delete item');
    await expect(adminPage.getByText(messages.reportedItemDeleted)).toBeVisible();

    await dashboardNav(adminPage).getByRole('link', { name: 'All Buyers' }).click();
    await adminPage.getByRole('searchbox', { name: 'Search buyers by name or email' }).fill(reporter.email);
    await confirm(adminPage, `Delete ${reporter.name}`, messages.confirmDeleteUser, 'Delete');
    await expect(adminPage.getByText(messages.userDeleted)).toBeVisible();

    // What each of them sees now.
    await seller.page.goto('/dashboard');
    await expect(seller.page.getByText('Verified seller', { exact: true })).toBeVisible();
    await seller.page.goto('/dashboard/myProducts');
    await expect(myProductRow(seller.page, flagged)).toHaveCount(0);
    await reporter.page.reload();
    await expect(reporter.page).toHaveURL('/login');
    await buyer.page.goto('/dashboard/myOrders');
    await expect(buyer.page.getByRole('row').filter({ hasText: sold })).toContainText('paid');

    for (const context of [seller.context, buyer.context, reporter.context, admin]) await context.close();
  });

  test('every page of the route table, at desktop and phone widths', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const scene = await setUpScene(browser, baseURL!);
    try {
      for (const route of routeTable) {
        const page = await openRoute(scene, route);
        await loadAllImages(page);
        await screenshotBothWidths(page, `route-${route.name}`);
        await page.close();
      }
    } finally {
      await scene.close();
    }
  });
});
