import { expect, test, type Page } from '@playwright/test';
import { accountMessages, cancelReasons, messages, orderMessages } from '@furniture-mart/shared';
import { demoAccounts, fillLogin, fillSignUp, uniqueEmail } from './support/accounts';
import { bookProduct, listProduct, signInPerson, signUpPerson, type Person } from './support/api';
import { screenshotBothWidths } from './support/screenshots';

/**
 * The last mile of a sale in the browser: mail read at /dev/mail (the server runs without SMTP_URL),
 * the order page with the seller's contact and the handoff code, the seller completing the order,
 * a forgotten password reset from the mail, and a refund when the admin removes a seller.
 */

/** Opens the newest message to `email` whose subject contains `subject` in the development mailbox. */
async function openMail(page: Page, email: string, subject: string) {
  await page.goto('/dev/mail');
  const row = page.getByRole('row').filter({ hasText: email }).filter({ hasText: subject }).first();
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(page.getByText(`To: ${email}`)).toBeVisible();
}

async function payWithTestCard(page: Page, bookingId: string) {
  await page.goto(`/dashboard/payment/${bookingId}`);
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('transaction-id')).toBeVisible();
}

/** Pays through the API, as the buyer's browser would. */
async function payByApi(buyer: Person, origin: string, bookingId: string) {
  const headers = { origin };
  expect(
    (await buyer.context.request.post(`/api/bookings/${bookingId}/checkout`, { data: {}, headers })).ok(),
  ).toBe(true);
  const confirm = await buyer.context.request.post(`/api/bookings/${bookingId}/checkout/confirm`, {
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: buyer.name },
    headers,
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
}

test.describe('the last mile of a sale', () => {
  test('sign up, verify from the mail, book, pay, hand over with the code', async ({
    page,
    browser,
    baseURL,
  }) => {
    const origin = baseURL!;
    const email = uniqueEmail('lastmile-buyer');
    await page.goto('/signup');
    await fillSignUp(page, { name: 'Lena Lastmile', email, role: 'Buy', password: 'long-enough-1' });
    await expect(page.getByText(messages.signUpSuccess)).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.getByText(accountMessages.verifyBanner)).toBeVisible();
    await openMail(page, email, 'Confirm your email address');
    await page.getByRole('link', { name: 'Confirm my email' }).click();
    await expect(page).toHaveURL(/\/dashboard\?emailVerified=1/);
    await expect(page.getByText(accountMessages.verified)).toBeVisible();

    const seller = await signUpPerson(browser, origin, 'seller', 'Omar Owner');
    const listing = await listProduct(seller, origin, {
      title: 'Teak bookshelf',
      categorySlug: 'living-room',
      sellingPrice: '180',
      description: 'Five shelves, solid teak.',
    });
    const buyer: Person = {
      name: 'Lena Lastmile',
      email,
      password: 'long-enough-1',
      context: page.context(),
    };
    const bookingId = await bookProduct(buyer, origin, listing.id);
    await payWithTestCard(page, bookingId);

    await page.goto(`/dashboard/orders/${bookingId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Teak bookshelf' })).toBeVisible();
    await expect(page.getByText('Omar Owner')).toBeVisible();
    await expect(page.getByTestId('seller-phone')).toBeVisible();
    const code = (await page.getByTestId('handoff-code').textContent())!.trim();
    expect(code).toMatch(/^\d{6}$/);
    await screenshotBothWidths(page, 'order-buyer-paid');

    await openMail(page, email, 'Receipt');
    await expect(page.getByText(code)).toBeVisible();

    const sellerPage = await seller.context.newPage();
    await sellerPage.goto(`/dashboard/orders/${bookingId}`);
    await expect(sellerPage.getByText(orderMessages.emailVerifiedMark)).toBeVisible();
    await expect(sellerPage.getByTestId('handoff-code')).toHaveCount(0);
    await screenshotBothWidths(sellerPage, 'order-seller-handoff');
    await sellerPage.getByLabel(orderMessages.enterCodeLabel).fill(code === '000000' ? '111111' : '000000');
    await sellerPage.getByRole('button', { name: orderMessages.confirmHandoff }).click();
    await expect(sellerPage.getByText(orderMessages.handoffWrongCode(4))).toBeVisible();
    await sellerPage.getByLabel(orderMessages.enterCodeLabel).fill(code);
    await sellerPage.getByRole('button', { name: orderMessages.confirmHandoff }).click();
    await expect(sellerPage.getByText(orderMessages.handoffDone)).toBeVisible();
    await expect(sellerPage.locator('header').getByText('completed', { exact: true })).toBeVisible();

    await page.goto(`/dashboard/orders/${bookingId}`);
    await expect(page.locator('header').getByText('completed', { exact: true })).toBeVisible();
    await expect(page.getByTestId('handoff-code')).toHaveCount(0);
    await page.goto('/dashboard');
    await screenshotBothWidths(page, 'dashboard-overview-buyer');
    await sellerPage.goto('/dashboard');
    await expect(sellerPage.getByText('Completed sales')).toBeVisible();
    await screenshotBothWidths(sellerPage, 'dashboard-overview-seller');
    await seller.context.close();
  });

  test('reset a forgotten password from the mail', async ({ page, browser, baseURL }) => {
    const person = await signUpPerson(browser, baseURL!, 'buyer', 'Fran Forgetful');
    await person.context.close();
    await page.goto('/login');
    await page.getByRole('link', { name: accountMessages.forgotLink }).click();
    await expect(page.getByRole('heading', { level: 1, name: accountMessages.forgotTitle })).toBeVisible();
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: accountMessages.sendLink }).click();
    await expect(page.getByText(accountMessages.forgotSent)).toBeVisible();
    await screenshotBothWidths(page, 'forgot-password-sent');

    await openMail(page, person.email, 'Reset your password');
    await page.getByRole('link', { name: 'Choose a new password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: accountMessages.resetTitle })).toBeVisible();
    await page.getByLabel(accountMessages.newPassword).fill('brand-new-password-9');
    await page.getByLabel('Confirm password').fill('brand-new-password-9');
    await screenshotBothWidths(page, 'reset-password');
    await page.getByRole('button', { name: accountMessages.resetSubmit }).click();
    await expect(page.getByText(accountMessages.resetDone)).toBeVisible();
    await expect(page).toHaveURL('/login');
    await fillLogin(page, person.email, 'brand-new-password-9');
    await expect(page.getByText(messages.loginSuccess)).toBeVisible();
  });

  test('the admin removes a seller with a paid order: the buyer sees refunded and has the mail', async ({
    page,
    browser,
    baseURL,
  }) => {
    const origin = baseURL!;
    const seller = await signUpPerson(browser, origin, 'seller', 'Rex Removed');
    const buyer = await signUpPerson(browser, origin, 'buyer', 'Bo Refunded');
    const listing = await listProduct(seller, origin, {
      title: 'Oak wardrobe',
      categorySlug: 'bed-room',
      sellingPrice: '240',
      description: 'Two doors, one drawer.',
    });
    const bookingId = await bookProduct(buyer, origin, listing.id);
    await payByApi(buyer, origin, bookingId);

    const admin = await signInPerson(browser, origin, demoAccounts.admin);
    const sellers = (await (await admin.request.get('/api/admin/sellers?q=Rex%20Removed')).json()) as {
      items: { id: string }[];
    };
    const adminPage = await admin.newPage();
    await adminPage.goto('/dashboard/allSellers');
    const row = adminPage.getByRole('row').filter({ hasText: seller.email });
    await expect(row).toBeVisible();
    expect(sellers.items).toHaveLength(1);
    await row.getByRole('button', { name: 'Delete Rex Removed' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(row).toHaveCount(0);
    await admin.close();

    const buyerPage = await buyer.context.newPage();
    await buyerPage.goto('/dashboard/myOrders');
    const order = buyerPage.getByRole('row').filter({ hasText: 'Oak wardrobe' });
    await expect(
      order.getByText('refunded', { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible();
    await expect(
      order.getByText(cancelReasons.sellerRemoved).filter({ visible: true }).first(),
    ).toBeVisible();
    await screenshotBothWidths(buyerPage, 'my-orders-refunded');
    await openMail(buyerPage, buyer.email, 'Refund');
    // The mail says it as a sentence of its own.
    await expect(buyerPage.getByText('The seller’s account was removed from Furniture Mart.')).toBeVisible();
    await buyer.context.close();
    await seller.context.close();
    void page;
  });
});
