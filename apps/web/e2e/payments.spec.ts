import { expect, test, type Page } from '@playwright/test';
import { cardMessages, messages, paymentMessages } from '@furniture-mart/shared';
import { signIn } from './support/accounts';
import { listProduct, signUpPerson, type Person } from './support/api';
import { screenshotBothWidths } from './support/screenshots';

// A seller, a product and a buyer of this spec's own, made afresh for every run of the group (a retry
// too): the product ends up sold, which no demo product should be for the other specs.
const stamp = Date.now();
const product = { title: `Four-seat breakfast set ${stamp}`, category: 'dining-room', price: '$240.00' };

function orderRow(page: Page) {
  return page.getByRole('row').filter({ has: page.getByText(product.title, { exact: true }) });
}

async function fillCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
}

/** My Products is paginated; walk the pages until the product's row shows. */
async function findMyProductRow(page: Page) {
  const row = page.getByRole('row').filter({ has: page.getByText(product.title, { exact: true }) });
  const pager = page.getByRole('navigation', { name: 'My products pages' });
  for (let pageNumber = 1; pageNumber <= 10; pageNumber++) {
    // Rows of this page are in once the first data row (after the header row) shows.
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    if ((await row.count()) > 0 || (await pager.count()) === 0) break;
    const next = pager.getByRole('button', { name: 'Next' });
    if (await next.isDisabled()) break;
    await next.click();
    await expect(pager.getByText(`Page ${pageNumber + 1} of`)).toBeVisible();
  }
  return row;
}

test.describe.serial('card payment', () => {
  let paymentPath = '';
  let seller: Person;
  let buyer: Person;

  test.beforeAll(async ({ browser }, testInfo) => {
    const origin = testInfo.project.use.baseURL!;
    seller = await signUpPerson(browser, origin, 'seller', `Breakfast Seller ${stamp}`);
    await listProduct(seller, origin, {
      title: product.title,
      categorySlug: product.category,
      sellingPrice: '240',
      description: 'A breakfast table with four chairs.',
    });
    buyer = await signUpPerson(browser, origin, 'buyer', `Karim Buyer ${stamp}`);
    await seller.context.close();
    await buyer.context.close();
  });

  test('a buyer books, sees a declined card change nothing, then pays', async ({ page }) => {
    await signIn(page, buyer.email, buyer.password);
    await page.goto(`/categories/${product.category}?q=${stamp}`);
    await page
      .getByRole('article', { name: product.title })
      .getByRole('button', { name: 'Book Now' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Book Now' });
    await dialog.getByLabel('Phone').fill('+880 1711 998877');
    await dialog.getByLabel('Meeting location').fill('Mirpur 10 roundabout');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(messages.productBooked)).toBeVisible();

    await page.goto('/dashboard/myOrders');
    await orderRow(page)
      .getByRole('link', { name: `Pay for ${product.title}` })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    paymentPath = new URL(page.url()).pathname;
    const bookingId = paymentPath.split('/').pop()!;

    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText(buyer.name, { exact: true })).toBeVisible();
    await expect(summary.getByText(buyer.email, { exact: true })).toBeVisible();
    await expect(summary.getByText(product.price)).toBeVisible();
    await expect(page.getByText(paymentMessages.testMode)).toBeVisible();
    await expect(page.getByText(/We hold this item for you until/)).toBeVisible();
    const pay = page.getByRole('button', { name: `Pay ${product.price}` });
    await expect(pay).toBeEnabled();
    await screenshotBothWidths(page, 'payment-form');

    // A declined card: the provider's words under the form, and the booking stays unpaid.
    await fillCard(page, '4000 0000 0000 0002');
    await pay.click();
    const cardError = page.getByTestId('card-error');
    await expect(cardError).toHaveText(cardMessages.declined);
    await expect(page.getByRole('form', { name: 'Card details' }).getByTestId('card-error')).toBeFocused();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotBothWidths(page, 'payment-declined');
    const unpaid = await page.request.get(`/api/bookings/${bookingId}`);
    expect((await unpaid.json()).status).toBe('booked');
    await page.goto('/dashboard/myOrders');
    await expect(orderRow(page).getByRole('link', { name: `Pay for ${product.title}` })).toBeVisible();

    // The test card that succeeds. The button cannot be pressed twice while the payment is on its way.
    await page.goto(paymentPath);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/checkout/confirm', async (route) => {
      await held;
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }).click();
    await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: `Pay ${product.price}` }).click();
    const processing = page.getByRole('button', { name: 'Processing…' });
    await expect(processing).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: messages.paymentCompleted })).toBeVisible();
    await expect(page.getByText(messages.paymentSuccessToast)).toBeVisible();
    await expect(page.getByTestId('transaction-id')).toHaveText(/^pi_sandbox_[0-9a-f]{24}$/);
    const transactionId = await page.getByTestId('transaction-id').textContent();
    await page.unroute('**/checkout/confirm');
    await screenshotBothWidths(page, 'payment-success');

    await page.goto('/dashboard/myOrders');
    await expect(
      orderRow(page).getByText('paid', { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible();

    // Coming back to the page shows that it is paid, with the same receipt.
    await page.goto(paymentPath);
    await expect(page.getByText(paymentMessages.alreadyPaid)).toBeVisible();
    await expect(page.getByTestId('transaction-id')).toHaveText(transactionId!);
    await expect(page.getByRole('form', { name: 'Card details' })).toHaveCount(0);
    await screenshotBothWidths(page, 'payment-paid');

    // Sold: gone from the category page.
    await page.goto(`/categories/${product.category}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article', { name: product.title })).toHaveCount(0);
    await page.goto(`/categories/${product.category}?q=${stamp}`);
    await expect(page.getByText(messages.noMatches)).toBeVisible();
  });

  test('the seller sees the product sold in My Products', async ({ page }) => {
    await signIn(page, seller.email, seller.password);
    await page.goto('/dashboard/myProducts');
    const row = await findMyProductRow(page);
    await expect(row.getByText('sold', { exact: true }).filter({ visible: true })).toBeVisible();
  });

  test('another buyer opening the payment page gets Not Found', async ({ page }) => {
    await signIn(page, 'buyer2@furnituremart.test');
    await page.goto(paymentPath);
    await expect(page.getByRole('heading', { level: 1, name: messages.notFoundTitle })).toBeVisible();
  });
});
