import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loadCatalogue, translate, type MessageKey, type MessageValues } from '@furniture-mart/shared';
import { bookProduct, listProduct, signUpPerson, type Listing, type Person } from './support/api';
import { screenshotBothWidths } from './support/screenshots';

/**
 * Paying the way Bangladesh pays, in a real browser: a buyer pays by mobile wallet in Bangla through
 * the wallet sandbox (its approval page inside the product, then the callback that asks the wallet
 * before anything is paid); another buyer reserves a piece with cash, and the seller completes the
 * order by entering the buyer's code at pickup.
 */

const bn = (key: MessageKey, values?: MessageValues) => translate('bn', key, values);
const stamp = Date.now();

test.beforeAll(async () => {
  await loadCatalogue('bn');
});

/** Serious or critical axe findings on the page as it is now. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

test.describe.serial('wallet and cash', () => {
  let seller: Person;
  let walletBuyer: Person;
  let cashBuyer: Person;
  let walletPiece: Listing;
  let cashPiece: Listing;

  test.beforeAll(async ({ browser }, testInfo) => {
    const origin = testInfo.project.use.baseURL!;
    seller = await signUpPerson(browser, origin, 'seller', `Wallet Seller ${stamp}`);
    walletPiece = await listProduct(seller, origin, {
      title: `Teak shoe rack ${stamp}`,
      categorySlug: 'living-room',
      sellingPrice: '150',
      description: 'A teak shoe rack with three shelves.',
    });
    cashPiece = await listProduct(seller, origin, {
      title: `Cane armchair ${stamp}`,
      categorySlug: 'living-room',
      sellingPrice: '90',
      description: 'A cane armchair, light and sturdy.',
    });
    // The seller takes cash for the armchair (the switch is off by default).
    const switched = await seller.context.request.patch(`/api/products/${cashPiece.id}`, {
      data: { acceptsCash: true },
      headers: { origin },
    });
    expect(switched.ok(), await switched.text()).toBe(true);
    walletBuyer = await signUpPerson(browser, origin, 'buyer', `Wallet Buyer ${stamp}`);
    cashBuyer = await signUpPerson(browser, origin, 'buyer', `Cash Buyer ${stamp}`);
  });

  test.afterAll(async () => {
    for (const person of [seller, walletBuyer, cashBuyer]) await person?.context.close();
  });

  test('a buyer pays by wallet in Bangla; the order is paid once the wallet confirms', async ({
    baseURL,
  }) => {
    const bookingId = await bookProduct(walletBuyer, baseURL!, walletPiece.id);
    const page = await walletBuyer.context.newPage();
    await page.goto('/');
    await page.locator('header').getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn-BD');

    await page.goto(`/dashboard/payment/${bookingId}`);
    await expect(page.getByRole('heading', { level: 1, name: bn('payment.title') })).toBeVisible();
    const chooser = page.getByRole('group', { name: bn('payments.chooseHeading') });
    await expect(chooser.getByRole('radio')).toHaveCount(2);
    // This listing takes no cash: card and wallet only.
    await expect(chooser.getByRole('radio', { name: bn('paymentMethod.cash') })).toHaveCount(0);
    await chooser.getByRole('radio', { name: bn('paymentMethod.wallet') }).check();
    await expect(page.getByText(bn('payments.walletHelp'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'wallet-choose-bn');
    await page.getByRole('button', { name: new RegExp(`^${bn('payments.payByWallet')}`) }).click();

    await expect(page).toHaveURL(/\/dashboard\/wallet-sandbox\/wsb_[0-9a-f]+$/);
    await expect(page.getByRole('heading', { level: 1, name: bn('wallet.sandboxTitle') })).toBeVisible();
    await expect(page.getByTestId('wallet-amount')).toContainText('১৫০');
    // A wrong PIN is refused on the spot, and nothing is paid.
    await page.getByLabel(bn('wallet.numberLabel')).fill('০১৭১১০০০০০০');
    await page.getByLabel(bn('wallet.pinLabel')).fill('99999');
    await page.getByRole('button', { name: bn('wallet.approve') }).click();
    await expect(page.getByText(bn('wallet.wrongPin'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'wallet-sandbox-bn');
    await page.getByLabel(bn('wallet.pinLabel')).fill('১২১২১');
    await page.getByRole('button', { name: bn('wallet.approve') }).click();

    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${bookingId}\\?wallet=paid$`));
    await expect(page.getByText(bn('wallet.outcome.paid'))).toBeVisible();
    await expect(page.getByTestId('handoff-code')).toBeVisible();
    await expect(page.getByTestId('paid-by')).toHaveText(
      bn('paymentMethod.paidBy', { method: bn('paymentMethod.wallet') }),
    );
    await screenshotBothWidths(page, 'wallet-paid-bn');
    await page.close();
  });

  test('a buyer reserves with cash; the seller completes it with the code', async ({ baseURL }) => {
    const page = await cashBuyer.context.newPage();
    await page.goto(`/products/${cashPiece.id}`);
    await expect(page.getByTestId('accepts-cash')).toHaveText('The seller takes cash at pickup.');
    const bookingId = await bookProduct(cashBuyer, baseURL!, cashPiece.id);
    await page.goto(`/dashboard/payment/${bookingId}`);
    const chooser = page.getByRole('group', { name: 'How do you want to pay?' });
    await expect(chooser.getByRole('radio')).toHaveCount(3);
    await chooser.getByRole('radio', { name: 'Cash at pickup' }).check();
    await expect(page.getByText('Held for you for 48 hours.', { exact: false })).toBeVisible();
    await screenshotBothWidths(page, 'cash-choose');
    await page.getByRole('button', { name: 'Reserve and pay cash at pickup' }).click();

    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${bookingId}$`));
    const code = (await page.getByTestId('handoff-code').innerText()).trim();
    expect(code).toMatch(/^\d{6}$/);
    await expect(page.getByTestId('reserved-until')).toBeVisible();
    await expect(
      page.getByText('nothing is charged online and nothing can be refunded online'),
    ).toBeVisible();
    await expect(page.getByTestId('paid-by')).toHaveText('Payment: Cash at pickup');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'cash-reserved');
    // My Orders says how it is paid.
    await page.goto('/dashboard/myOrders');
    const row = page.getByRole('row').filter({ has: page.getByText(cashPiece.title, { exact: true }) });
    await expect(row.getByTestId('order-paid-by').first()).toHaveText('Payment: Cash at pickup');

    // Another buyer sees the piece as reserved.
    const visitor = await page.context().browser()!.newPage({ baseURL: baseURL! });
    await visitor.goto(`/products/${cashPiece.id}`);
    await expect(visitor.getByText('Reserved', { exact: true }).first()).toBeVisible();
    await visitor.close();

    const sellerPage = await seller.context.newPage();
    // The seller's overview lists it as waiting for the handoff, paid in cash.
    await sellerPage.goto('/dashboard');
    await expect(
      sellerPage
        .getByRole('listitem')
        .filter({ hasText: cashPiece.title })
        .getByText('Payment: Cash at pickup'),
    ).toBeVisible();
    await screenshotBothWidths(sellerPage, 'cash-seller-overview');
    await sellerPage.goto(`/dashboard/orders/${bookingId}`);
    await expect(
      sellerPage.getByText('The buyer pays cash at pickup. Enter their code once the cash is in your hand.'),
    ).toBeVisible();
    await expect(sellerPage.getByRole('heading', { name: 'Cancel sale' })).toHaveCount(0);
    await sellerPage.getByLabel('Code from the buyer').fill(code);
    await sellerPage.getByRole('button', { name: 'Confirm handoff' }).click();
    await expect(sellerPage.getByText('Handoff confirmed: the order is completed.')).toBeVisible();
    await expect(sellerPage.getByTestId('paid-by')).toHaveText('Payment: Cash at pickup');
    await screenshotBothWidths(sellerPage, 'cash-completed-seller');
    await sellerPage.close();
    await page.close();
  });
});
