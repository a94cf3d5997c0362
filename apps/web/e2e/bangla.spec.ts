import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { loadCatalogue, translate, type MessageKey, type MessageValues } from '@furniture-mart/shared';
import { uniqueEmail } from './support/accounts';
import { photoFile } from './support/png';
import { loadAllImages, routeTable, setUpScene, type Scene } from './support/routes';
import { screenshotBothWidths, viewports } from './support/screenshots';

/**
 * The product in Bangla, in a real browser: a whole sale made in Bangla from the language switch to
 * the receipt mail; every page of the route table axe-clean in Bangla; and the main pages
 * photographed in Bangla at desktop and phone widths (Bangla words are longer: nothing may overflow).
 */

/** A message as a Bangla page shows it. */
const bn = (key: MessageKey, values?: MessageValues) => translate('bn', key, values);

test.beforeAll(async () => {
  await loadCatalogue('bn');
});

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: bn('nav.main') });
}

function dashboardNav(page: Page) {
  return page.getByRole('navigation', { name: bn('nav.dashboard') });
}

/** From the English home page to Bangla with the switch in the top navigation. */
async function switchToBangla(page: Page) {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // A click that lands before the page has come to life does nothing: click again until it switches.
  await expect(async () => {
    if ((await page.locator('html').getAttribute('lang')) !== 'bn-BD') {
      await page.locator('header').getByRole('button', { name: 'বাংলা' }).click({ timeout: 5_000 });
    }
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn-BD', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: bn('home.categories.heading') })).toBeVisible();
}

/** A new person signs up through the Bangla sign-up page. */
async function signUpInBangla(browser: Browser, origin: string, name: string, role: 'buyer' | 'seller') {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await switchToBangla(page);
  await page
    .locator('header')
    .getByRole('link', { name: bn('nav.login'), exact: true })
    .click();
  await page.getByRole('link', { name: bn('signIn.createAccount') }).click();
  await expect(page.getByRole('heading', { level: 1, name: bn('signUp.title') })).toBeVisible();
  const email = uniqueEmail(`bangla-${role}`);
  await page.getByLabel(bn('signUp.fullName')).fill(name);
  await page.getByLabel(bn('booking.email')).fill(email);
  await page.getByRole('radio', { name: bn(`signUp.role.${role}`), exact: true }).check();
  await page.getByLabel(bn('signIn.password'), { exact: true }).fill('bangla-password-1');
  await page.getByLabel(bn('signUp.confirmPassword')).fill('bangla-password-1');
  await page.getByRole('button', { name: bn('signUp.title'), exact: true }).click();
  await expect(page.getByText(bn('common.signUpSuccess'))).toBeVisible();
  await expect(page.getByRole('button', { name: bn('nav.logout') })).toBeVisible();
  return { context, page, email };
}

test.describe('Bangla', () => {
  test('a sale from the language switch to the receipt mail, entirely in Bangla', async ({
    browser,
    baseURL,
  }) => {
    const stamp = Date.now();
    const title = `সেগুন কাঠের খাট ${stamp}`;

    // The seller lists a piece, typing prices and phone in Bangla digits.
    const seller = await signUpInBangla(browser, baseURL!, `করিম শেখ ${stamp}`, 'seller');
    let page = seller.page;
    await mainNav(page)
      .getByRole('link', { name: bn('nav.dashboard') })
      .click();
    await dashboardNav(page)
      .getByRole('link', { name: bn('menu.addProduct') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: bn('menu.addProduct') })).toBeVisible();
    await page.getByLabel(bn('productForm.name')).fill(title);
    await page.getByLabel(bn('booking.phone')).fill('০১৭১২-৩৪৫৬৭৮');
    await page.getByLabel(/কেনা দাম/).fill('৫০০');
    await page.getByLabel(/বিক্রয়মূল্য/).fill('২৫০');
    await page.getByLabel(bn('product.yearsUsed')).fill('3');
    await page.getByLabel(bn('places.division')).selectOption({ label: 'ঢাকা' });
    await page.getByLabel(bn('places.district')).selectOption({ label: 'ঢাকা' });
    await page.getByLabel(bn('places.area')).selectOption({ label: 'মিরপুর' });
    await page.getByLabel(bn('filters.condition')).selectOption({ label: 'খুব ভালো' });
    await page.getByLabel(bn('filters.category')).selectOption({ label: 'বেডরুম' });
    // A bed room piece is measured: its boxes are labelled with the unit, "প্রস্থ (সেমি)".
    for (const [field, value] of [
      ['productForm.width', '160'],
      ['productForm.depth', '200'],
      ['productForm.height', '45'],
    ] as const) {
      await page
        .getByLabel(new RegExp(`^${bn(field)} `))
        .first()
        .fill(value);
    }
    await page.getByLabel(bn('productPage.description')).fill('মজবুত সেগুন কাঠের খাট, তিন বছর ব্যবহার করা।');
    await page
      .getByLabel(bn('product.photos'), { exact: true })
      .setInputFiles([photoFile('khat.png', '#8b5a2b')]);
    const chosen = page.getByRole('list', { name: bn('photos.chosen') }).getByRole('listitem');
    await expect(chosen.getByText(bn('photos.uploaded'))).toHaveCount(1);
    await page.getByRole('button', { name: bn('productForm.add') }).click();
    await expect(page.getByText(bn('common.productAdded')).last()).toBeVisible();
    await expect(page).toHaveURL('/dashboard/myProducts');
    const row = page.getByRole('row').filter({ has: page.getByText(title, { exact: true }) });
    await expect(row.getByText('$২৫০.০০').filter({ visible: true })).toBeVisible();

    // Another person finds it in the bedroom category and books it, phone in Bangla digits.
    const buyer = await signUpInBangla(browser, baseURL!, `রহিম উদ্দিন ${stamp}`, 'buyer');
    page = buyer.page;
    await page.goto('/categories/bed-room');
    await expect(page.getByRole('heading', { level: 1, name: 'বেডরুম' })).toBeVisible();
    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText('$২৫০.০০');
    await card.getByRole('button', { name: bn('booking.title') }).click();
    const dialog = page.getByRole('dialog', { name: bn('booking.title') });
    await dialog.getByLabel(bn('booking.phone')).fill('০১৭১১২২৩৩৪৪');
    await dialog.getByLabel(bn('booking.meetingLocation')).fill('মিরপুর ১০ গোলচত্বর');
    await dialog.getByRole('button', { name: bn('form.submit') }).click();
    await expect(page.getByText(bn('common.productBooked'))).toBeVisible();

    // Pays with the sandbox's card from My Orders.
    await mainNav(page)
      .getByRole('link', { name: bn('nav.dashboard') })
      .click();
    await dashboardNav(page)
      .getByRole('link', { name: bn('menu.myOrders') })
      .click();
    await page
      .getByRole('link', { name: bn('orders.payFor', { title }) })
      .filter({ visible: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: bn('payment.title') })).toBeVisible();
    const form = page.getByRole('form', { name: bn('payment.cardDetails') });
    await form.getByLabel(bn('payment.cardNumber')).fill('4242 4242 4242 4242');
    await form.getByLabel(bn('payment.expiry')).fill('12/34');
    await form.getByLabel(bn('payment.cvc')).fill('123');
    await page.getByRole('button', { name: bn('payment.pay', { amount: '$২৫০.০০' }) }).click();
    await expect(page.getByRole('heading', { name: bn('common.paymentCompleted') })).toBeVisible();

    // The receipt mail is in Bangla, with the seller's phone (typed in Bangla digits) grouped.
    const mailbox = await buyer.context.newPage();
    await mailbox.goto('/dev/mail');
    const receipt = mailbox.getByRole('link', { name: `রসিদ: ${title}` });
    await expect(receipt).toBeVisible();
    await receipt.click();
    await expect(mailbox.locator('html')).toHaveAttribute('lang', 'bn-BD');
    await expect(mailbox.getByText(`প্রিয় রহিম উদ্দিন ${stamp},`)).toBeVisible();
    await expect(mailbox.getByText('$২৫০.০০')).toBeVisible();
    await expect(mailbox.getByText('০১৭১২-৩৪৫৬৭৮')).toBeVisible();
    await expect(mailbox.getByText('হস্তান্তর কোড', { exact: true })).toBeVisible();

    // The seller's "sold" mail is in Bangla too, with the buyer's phone read from Bangla digits, grouped.
    await mailbox.goto('/dev/mail');
    await mailbox.getByRole('link', { name: `বিক্রি হয়েছে: ${title}` }).click();
    await expect(mailbox.getByText('০১৭১১-২২৩৩৪৪')).toBeVisible();

    await seller.context.close();
    await buyer.context.close();
  });

  test.describe('every page', () => {
    let scene: Scene;
    let origin: string;

    test.beforeAll(async ({ browser }, testInfo) => {
      origin = testInfo.project.use.baseURL!;
      scene = await setUpScene(browser, origin);
      // Each account reads Bangla from now on (the demo admin goes back to English afterwards).
      for (const context of Object.values(scene.contexts)) await chooseLanguage(context, origin, 'bn');
    });
    test.afterAll(async () => {
      if (scene) await chooseLanguage(scene.contexts.admin, origin, 'en');
      await scene?.close();
    });

    for (const route of routeTable) {
      test(`${route.name} in Bangla: no serious or critical axe findings, nothing cut off`, async () => {
        const page = await scene.contexts[route.role].newPage();
        await page.goto(route.path(scene));
        await expect(page.locator('html')).toHaveAttribute('lang', 'bn-BD');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.skeleton, .loading, [aria-busy="true"]')).toHaveCount(0);
        // The Bengali font is what the page is set in.
        expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Bengali"', 'বাংলা'))).toBe(
          true,
        );
        expect(await seriousViolations(page), 'at desktop width').toEqual([]);
        await page.setViewportSize(viewports.phone);
        expect(await seriousViolations(page), 'at phone width').toEqual([]);
        await page.setViewportSize(viewports.desktop);
        await loadAllImages(page);
        await screenshotBothWidths(page, `bn-${route.name}`);
        await page.close();
      });
    }
  });
});

async function chooseLanguage(context: BrowserContext, origin: string, locale: 'en' | 'bn') {
  const res = await context.request.post('/api/locale', { data: { locale }, headers: { origin } });
  expect(res.status()).toBe(204);
}

/** axe's serious and critical findings, as the accessibility spec reads them. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      where: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
}
