import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { messages } from '@furniture-mart/shared';
import { demoAccounts, demoPassword, signIn, uniqueEmail } from './support/accounts';
import { listProduct, signUpPerson } from './support/api';
import { screenshotBothWidths } from './support/screenshots';

/** A 16x16 PNG, enough for the photo pipeline. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOo8ZIjCTGMahjVMHw1AACVg+QBwhYNAwAAAABJRU5ErkJggg==',
  'base64',
);

interface ProductCardItem {
  id: string;
  title: string;
  seller: { name: string; verified: boolean };
}

/** A second person in their own browser context, signed in (or signed up) through the API. */
async function apiSession(
  browser: Browser,
  origin: string,
  path: '/api/auth/sign-in/email' | '/api/auth/sign-up/email',
  data: Record<string, string>,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: origin });
  const res = await context.request.post(path, { data, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

async function categoryProducts(page: Page, slug: string): Promise<ProductCardItem[]> {
  const res = await page.request.get(`/api/categories/${slug}?pageSize=100`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { products: { items: ProductCardItem[] } }).products.items;
}

function dialogNamed(page: Page, name: string) {
  return page.getByRole('dialog', { name });
}

test.describe('admin', () => {
  test('an admin verifies a seller and the mark shows on that seller’s cards', async ({
    page,
    browser,
    baseURL,
  }) => {
    // A seller of our own, so the demo sellers stay as every other spec expects them.
    const origin = baseURL!;
    const seller = await signUpPerson(browser, origin, 'seller', `Unverified Seller ${Date.now()}`);
    const listing = await listProduct(seller, origin, {
      title: `Cane bedside table ${Date.now()}`,
      categorySlug: 'bed-room',
      sellingPrice: '42',
      description: 'A cane bedside table with a glass top.',
    });
    await seller.context.close();

    await signIn(page, demoAccounts.admin);
    await page.goto('/dashboard/allSellers');
    await expect(page.getByRole('heading', { level: 1, name: 'All Sellers' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search sellers by name or email' }).fill(seller.email);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === seller.email);
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(2);
    const row = rows.filter({ hasText: seller.name });
    await expect(row.getByRole('img', { name: 'verified seller' })).toHaveCount(0);

    await row.getByRole('button', { name: `Verify ${seller.name}` }).click();
    const dialog = dialogNamed(page, messages.confirmVerifySeller);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText(messages.sellerVerified)).toBeVisible();
    await expect(row.getByText('verified', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Verify/ })).toHaveCount(0);

    // The seller's cards carry the mark, as the catalogue reports it.
    const card = (await categoryProducts(page, 'bed-room')).find((p) => p.id === listing.id)!;
    expect(card.seller).toMatchObject({ name: seller.name, verified: true });
    await page.goto(`/categories/bed-room?q=${encodeURIComponent(listing.title)}`);
    const article = page.getByRole('article', { name: listing.title });
    await expect(article.getByText(seller.name)).toBeVisible();
    await expect(article.getByRole('img', { name: 'verified seller' })).toBeVisible();

    await page.goto('/dashboard/allSellers');
    await expect(page.getByRole('row').filter({ hasText: seller.email })).toContainText('verified');
    await screenshotBothWidths(page, 'admin-sellers');
  });

  test('an admin deletes a reported item and it leaves its category', async ({ page, browser, baseURL }) => {
    const origin = baseURL!;
    const title = `Reported stool ${Date.now()}`;

    // A seller of our own lists the item, so no other journey loses a demo product.
    const seller = await apiSession(browser, origin, '/api/auth/sign-up/email', {
      name: 'Stool Seller',
      email: uniqueEmail('stool-seller'),
      password: 'long-enough-1',
      role: 'seller',
    });
    const categories = (await (await seller.request.get('/api/categories')).json()) as {
      id: string;
      slug: string;
    }[];
    const kitchen = categories.find((c) => c.slug === 'kitchen')!;
    const upload = await seller.request.post('/api/uploads/images', {
      multipart: { file: { name: 'stool.png', mimeType: 'image/png', buffer: tinyPng } },
      headers: { origin },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const created = await seller.request.post('/api/products', {
      data: {
        title,
        phone: '+8801711000999',
        originalPrice: '80',
        sellingPrice: '35',
        yearsUsed: '2',
        description: 'A three-legged kitchen stool.',
        location: 'Dhaka',
        district: 'dhaka',
        condition: 'excellent',
        categoryId: kitchen.id,
        photoIds: [((await upload.json()) as { id: string }).id],
      },
      headers: { origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    const productId = ((await created.json()) as { id: string }).id;
    await seller.close();

    // Two buyers report it, so the queue shows its reports together.
    const reporters = [
      { email: demoAccounts.buyer, reason: 'scam', details: 'The photos are copied from another shop.' },
      { email: 'buyer2@furnituremart.test', reason: 'wrong_condition', details: 'One leg is broken.' },
    ];
    for (const reporter of reporters) {
      const buyer = await apiSession(browser, origin, '/api/auth/sign-in/email', {
        email: reporter.email,
        password: demoPassword,
      });
      const report = await buyer.request.post('/api/reports', {
        data: { productId, reason: reporter.reason, details: reporter.details },
        headers: { origin },
      });
      expect(report.status(), await report.text()).toBe(201);
      await buyer.close();
    }

    await signIn(page, demoAccounts.admin);
    await page.goto('/categories/kitchen');
    await expect(page.getByRole('article', { name: title })).toBeVisible();

    await page.goto('/dashboard/allReport');
    await expect(page.getByRole('heading', { level: 1, name: 'Reported Items' })).toBeVisible();
    const rows = page.getByRole('row').filter({ hasText: title });
    await expect(rows).toHaveCount(2);
    // Newest report first within the product's group, the two rows side by side.
    await expect(rows.nth(0)).toContainText('Sara Buyer');
    await expect(rows.nth(0)).toContainText('Wrong condition or photos');
    await expect(rows.nth(1)).toContainText('Karim Buyer');
    await expect(rows.nth(1)).toContainText('Scam or fake listing');
    await expect(rows.nth(1)).toContainText('The photos are copied from another shop.');
    await expect(rows.nth(0)).toContainText('2 open reports');
    await expect(rows.nth(0).getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `/categories/${kitchen.id}`,
    );
    const allRows = page.getByRole('row');
    const firstIndex = (await allRows.allTextContents()).findIndex((text) => text.includes(title));
    await expect(allRows.nth(firstIndex + 1)).toContainText(title);
    await screenshotBothWidths(page, 'admin-reports');

    await rows
      .nth(1)
      .getByRole('button', { name: `Delete item ${title}` })
      .click();
    const dialog = dialogNamed(page, messages.confirmDeleteReportedItem);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete item', exact: true }).click();
    await expect(page.getByText(messages.reportedItemDeleted)).toBeVisible();
    // Every report of the item is closed, not only the one acted on.
    await expect(rows).toHaveCount(0);

    expect((await categoryProducts(page, 'kitchen')).some((p) => p.id === productId)).toBe(false);
    await page.goto('/categories/kitchen');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  });

  test('an admin deletes a buyer, whose session ends at once', async ({ page, browser, baseURL }) => {
    const email = uniqueEmail('throwaway');
    const name = `Throwaway Buyer ${Date.now()}`;
    const throwaway = await apiSession(browser, baseURL!, '/api/auth/sign-up/email', {
      name,
      email,
      password: 'long-enough-2',
      role: 'buyer',
    });
    expect((await throwaway.request.get('/api/me')).status()).toBe(200);

    await signIn(page, demoAccounts.admin);
    await page.goto('/dashboard/allBuyers');
    await expect(page.getByRole('heading', { level: 1, name: 'All Buyers' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);
    await screenshotBothWidths(page, 'admin-buyers');

    await page.getByRole('searchbox', { name: 'Search buyers by name or email' }).fill(email);
    await expect(page).toHaveURL(new URL(`?q=${encodeURIComponent(email)}`, page.url()).href);
    await expect(page.getByRole('row')).toHaveCount(2);

    // Cancelling changes nothing.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = dialogNamed(page, messages.confirmDeleteUser);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeFocused();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(messages.userDeleted)).toBeVisible();
    await expect(page.getByText(messages.noData)).toBeVisible();

    expect((await throwaway.request.get('/api/me')).status()).toBe(401);
    await throwaway.close();

    await page.goto('/dashboard/activity');
    const latest = page.getByRole('row').nth(1);
    await expect(latest).toContainText('Removed a user');
    await expect(latest).toContainText(email);
    await expect(latest).toContainText('Ayesha Admin');
    await screenshotBothWidths(page, 'admin-activity');
  });
});
