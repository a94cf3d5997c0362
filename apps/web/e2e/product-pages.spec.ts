import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { catalogueMessages, sellerMessages } from '@furniture-mart/shared';
import { signIn } from './support/accounts';
import { bookProduct, listProduct, signUpPerson, type Listing, type Person } from './support/api';
import { photoFile } from './support/png';
import { screenshotBothWidths } from './support/screenshots';

/**
 * The product page, listing edits, favourites and seller pages, end to end: a seller and a buyer of this
 * spec's own, made afresh for every run, so nothing depends on what another spec did to the demo data.
 */

const stamp = Date.now();
const category = 'living-room';
const sofa = { title: `Three-seat linen sofa ${stamp}`, price: '300' };
const lamp = { title: `Brass floor lamp ${stamp}`, price: '90' };

async function expectNoSeriousAxeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, where: violation.nodes.slice(0, 3).map((n) => n.target) }));
  expect(serious).toEqual([]);
}

test.describe.serial('product pages', () => {
  let seller: Person;
  let buyer: Person;
  let sofaListing: Listing;
  let lampListing: Listing;
  let lampBooking: string;

  test.beforeAll(async ({ browser }, testInfo) => {
    const origin = testInfo.project.use.baseURL!;
    seller = await signUpPerson(browser, origin, 'seller', `Sofa Seller ${stamp}`);
    buyer = await signUpPerson(browser, origin, 'buyer', `Nadia Buyer ${stamp}`);
    sofaListing = await listProduct(seller, origin, {
      title: sofa.title,
      categorySlug: category,
      sellingPrice: sofa.price,
      description: 'Deep seats, washable covers.',
    });
    // A second photo, so the gallery has somewhere to go.
    const upload = await seller.context.request.post('/api/uploads/images', {
      multipart: { file: photoFile('second.png', '#2f5d50') },
      headers: { origin },
    });
    expect(upload.status()).toBe(201);
    const secondPhoto = ((await upload.json()) as { id: string }).id;
    const page = (await (await seller.context.request.get(`/api/products/${sofaListing.id}`)).json()) as {
      photos: { id: string }[];
    };
    const edited = await seller.context.request.patch(`/api/products/${sofaListing.id}`, {
      data: { photoIds: [...page.photos.map((photo) => photo.id), secondPhoto] },
      headers: { origin },
    });
    expect(edited.ok(), await edited.text()).toBe(true);
    lampListing = await listProduct(seller, origin, {
      title: lamp.title,
      categorySlug: category,
      sellingPrice: lamp.price,
      description: 'Warm light, dimmable.',
    });
    lampBooking = await bookProduct(buyer, origin, lampListing.id);
    await seller.context.close();
    await buyer.context.close();
  });

  test('a buyer opens a product from its card and moves through the photos with the keys', async ({
    page,
  }) => {
    await signIn(page, buyer.email, buyer.password);
    await page.goto(`/categories/${category}?q=${stamp}`);
    await page.getByRole('article', { name: sofa.title }).getByRole('link', { name: sofa.title }).click();
    await expect(page).toHaveURL(`/products/${sofaListing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: sofa.title })).toBeVisible();
    await expect(page.getByText('Available', { exact: true })).toBeVisible();
    const seller = page.getByTestId('seller-card');
    await expect(seller.getByRole('link', { name: `Sofa Seller ${stamp}`, exact: true })).toBeVisible();
    await expect(seller).toContainText('2 listings for sale');

    const photo = page.getByRole('img', { name: new RegExp(`^Photo \\d of 2 of ${sofa.title}$`) });
    await expect(photo).toHaveAccessibleName(`Photo 1 of 2 of ${sofa.title}`);
    // The photo's frame takes the keys.
    await photo.locator('..').focus();
    await page.keyboard.press('ArrowRight');
    await expect(photo).toHaveAccessibleName(`Photo 2 of 2 of ${sofa.title}`);
    await page.keyboard.press('ArrowRight');
    await expect(photo).toHaveAccessibleName(`Photo 1 of 2 of ${sofa.title}`);
    await page.keyboard.press('End');
    await expect(photo).toHaveAccessibleName(`Photo 2 of 2 of ${sofa.title}`);

    await expectNoSeriousAxeFindings(page);
    await screenshotBothWidths(page, 'product-page');
  });

  test('the product page arrives rendered by the server', async ({ page }) => {
    await signIn(page, buyer.email, buyer.password);
    const response = await page.request.get(`/products/${sofaListing.id}`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(sofa.title);
  });

  test('a buyer saves a product and finds it on the favourites page', async ({ page }) => {
    await signIn(page, buyer.email, buyer.password);
    await page.goto(`/products/${sofaListing.id}`);
    const heart = page.getByRole('button', { name: `Save ${sofa.title} to favourites` });
    await heart.click();
    await expect(page.getByRole('button', { name: `Remove ${sofa.title} from favourites` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await menu.getByRole('link', { name: 'Favourites' }).click();
    await expect(page).toHaveURL('/dashboard/favourites');
    await expect(menu.getByRole('link', { name: 'Favourites' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('favourite').filter({ hasText: sofa.title })).toBeVisible();
    await expectNoSeriousAxeFindings(page);
    await screenshotBothWidths(page, 'favourites');
  });

  test('the seller lowers the price and the buyer sees "was" and a notice', async ({ browser, page }) => {
    // A context of its own (axe needs one), beside the buyer's page.
    const sellerContext = await browser.newContext();
    const sellerPage = await sellerContext.newPage();
    await signIn(sellerPage, seller.email, seller.password);
    await sellerPage.goto(`/products/${sofaListing.id}`);
    await expect(sellerPage.getByTestId('saved-count')).toContainText('1 person has saved');
    await sellerPage.getByRole('link', { name: 'Edit listing' }).click();
    await expect(sellerPage).toHaveURL(`/dashboard/products/${sofaListing.id}/edit`);
    const price = sellerPage.getByLabel(/Selling price/);
    await expect(price).toHaveValue('300.00');
    await expectNoSeriousAxeFindings(sellerPage);
    await screenshotBothWidths(sellerPage, 'edit-product');
    await price.fill('250');
    await sellerPage.getByRole('button', { name: 'Save changes' }).click();
    await expect(sellerPage).toHaveURL(`/products/${sofaListing.id}`);
    await expect(sellerPage.getByText(sellerMessages.productUpdated)).toBeVisible();
    await sellerContext.close();

    await signIn(page, buyer.email, buyer.password);
    await page.goto(`/categories/${category}?q=${stamp}`);
    await expect(page.getByRole('article', { name: sofa.title }).getByTestId('was-price')).toHaveText(
      'was $300.00',
    );
    await page.goto(`/products/${sofaListing.id}`);
    await expect(page.getByTestId('was-price')).toHaveText('was $300.00');
    await page.goto('/dashboard');
    await expect(page.getByTestId('notices')).toContainText(
      catalogueMessages.noticePriceDrop(sofa.title, '$300.00', '$250.00'),
    );
  });

  test('Book Now on a product the buyer booked leads to the order', async ({ page }) => {
    await signIn(page, buyer.email, buyer.password);
    await page.goto(`/products/${lampListing.id}`);
    await expect(page.getByText(catalogueMessages.alreadyBookedLead)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Open your order' }).click();
    await expect(page).toHaveURL(`/dashboard/orders/${lampBooking}`);
  });

  test('the seller page shows who sells and what is for sale', async ({ page }) => {
    await signIn(page, buyer.email, buyer.password);
    await page.goto(`/products/${sofaListing.id}`);
    await page
      .getByTestId('seller-card')
      .getByRole('link', { name: `Sofa Seller ${stamp}`, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: `Sofa Seller ${stamp}` })).toBeVisible();
    await expect(page.getByTestId('seller-listings')).toHaveText('2');
    await expect(page.getByTestId('seller-sold')).toHaveText('0');
    await expect(page.getByRole('link', { name: new RegExp(lamp.title) })).toBeVisible();
    await expectNoSeriousAxeFindings(page);
    await screenshotBothWidths(page, 'seller-page');
  });
});
