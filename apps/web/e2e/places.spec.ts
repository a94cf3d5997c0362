import { expect, test, type Browser, type Page } from '@playwright/test';
import { loadCatalogue, translate, type MessageKey, type MessageValues } from '@furniture-mart/shared';
import { uniqueEmail } from './support/accounts';
import { photoFile } from './support/png';
import { screenshotBothWidths } from './support/screenshots';

/**
 * Places and Bangla search in a real browser, in Bangla: a seller lists a piece with its division,
 * district and area picked in a cascade; another person finds it by its area and by the start of a
 * Bangla word, reads "ধানমন্ডি, ঢাকা" on its card and page, and is offered its area to meet at first.
 */

const bn = (key: MessageKey, values?: MessageValues) => translate('bn', key, values);

test.beforeAll(async () => {
  await loadCatalogue('bn');
});

/** A new person signs up on the Bangla pages (the language switch, then the sign-up form). */
async function signUpInBangla(browser: Browser, origin: string, name: string, role: 'buyer' | 'seller') {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto('/');
  // The switch works once the page has come to life; a click before that is tried again.
  await expect(async () => {
    await page.locator('header').getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn-BD', { timeout: 1_000 });
  }).toPass();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: bn('signUp.title') })).toBeVisible();
  await page.getByLabel(bn('signUp.fullName')).fill(name);
  await page.getByLabel(bn('booking.email')).fill(uniqueEmail(`places-${role}`));
  await page.getByRole('radio', { name: bn(`signUp.role.${role}`), exact: true }).check();
  await page.getByLabel(bn('signIn.password'), { exact: true }).fill('places-password-1');
  await page.getByLabel(bn('signUp.confirmPassword')).fill('places-password-1');
  await page.getByRole('button', { name: bn('signUp.title'), exact: true }).click();
  await expect(page.getByRole('button', { name: bn('nav.logout') })).toBeVisible();
  return { context, page };
}

/** The listing's filters (shown in the page on wider screens), found by their division field. */
function filters(page: Page, division = bn('places.division')) {
  return page
    .getByRole('search')
    .filter({ visible: true })
    .filter({ has: page.getByLabel(division) });
}

test.describe('places and Bangla search', () => {
  test('a piece listed with its district and area is found by area and by a Bangla word start', async ({
    browser,
    baseURL,
  }) => {
    // Two people sign up and a piece is listed, found and booked: longer than one page's test.
    test.setTimeout(180_000);
    const stamp = Date.now();
    const title = `কাঠের শোকেস ${stamp}`;

    // The seller picks division, district and area in a cascade, in Bangla.
    const seller = await signUpInBangla(browser, baseURL!, `নাসির আহমেদ ${stamp}`, 'seller');
    let page = seller.page;
    await page.goto('/dashboard/addProduct');
    await expect(page.getByRole('heading', { level: 1, name: bn('menu.addProduct') })).toBeVisible();
    await page.getByLabel(bn('productForm.name')).fill(title);
    await page.getByLabel(bn('booking.phone')).fill('০১৭১২-৩৪৫৬৭৮');
    await page.getByLabel(/কেনা দাম/).fill('৯০০০');
    await page.getByLabel(/বিক্রয়মূল্য/).fill('৪৫০০');
    await page.getByLabel(bn('product.yearsUsed')).fill('2');
    const district = page.getByLabel(bn('places.district'));
    await expect(district).toBeDisabled();
    await page.getByLabel(bn('places.division')).selectOption({ label: 'ঢাকা' });
    await expect(district.getByRole('option', { name: 'গাজীপুর' })).toBeAttached();
    // Only the districts of Dhaka division are offered.
    await expect(district.getByRole('option', { name: 'খুলনা' })).toHaveCount(0);
    await district.selectOption({ label: 'ঢাকা' });
    await page.getByLabel(bn('places.area')).selectOption({ label: 'ধানমন্ডি' });
    await page.getByLabel(bn('filters.condition')).selectOption({ label: 'খুব ভালো' });
    await page.getByLabel(bn('filters.category')).selectOption({ label: 'রান্নাঘর' });
    await page
      .getByLabel(bn('productPage.description'))
      .fill('কাচের দরজা, তিনটি তাক। ধানমন্ডি ২৭ থেকে নিতে হবে।');
    await page
      .getByLabel(bn('product.photos'), { exact: true })
      .setInputFiles([photoFile('showcase.png', '#7a4b2a')]);
    const chosen = page.getByRole('list', { name: bn('photos.chosen') }).getByRole('listitem');
    await expect(chosen.getByText(bn('photos.uploaded'))).toHaveCount(1);
    await screenshotBothWidths(page, 'places-add-product-bn');
    await page.getByRole('button', { name: bn('productForm.add') }).click();
    await expect(page).toHaveURL('/dashboard/myProducts');
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible();

    // Another person filters by division, district and area.
    const buyer = await signUpInBangla(browser, baseURL!, `সালমা খাতুন ${stamp}`, 'buyer');
    page = buyer.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/search');
    const form = filters(page);
    // The form starts afresh when the categories arrive; a choice made before the page came to life
    // is made again.
    await expect(
      form.getByLabel(bn('filters.category')).getByRole('option', { name: 'রান্নাঘর' }),
    ).toBeAttached();
    await expect(async () => {
      await form.getByLabel(bn('places.division')).selectOption({ label: 'ঢাকা' });
      await expect(form.getByLabel(bn('places.district'))).toBeEnabled({ timeout: 1_000 });
    }).toPass();
    await form.getByLabel(bn('places.district')).selectOption({ label: 'ঢাকা' });
    await form.getByLabel(bn('places.area')).selectOption({ label: 'ধানমন্ডি' });
    await form.getByRole('button', { name: bn('filters.apply') }).click();
    await expect(page).toHaveURL(/area=dhaka-dhanmondi/);
    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText('ধানমন্ডি, ঢাকা');
    // Everything found is in Dhanmondi.
    await expect(page.getByRole('article').filter({ hasNotText: 'ধানমন্ডি, ঢাকা' })).toHaveCount(0);
    await screenshotBothWidths(page, 'places-search-by-area-bn');

    // And by the start of a Bangla word, anywhere.
    await page.goto(`/search?q=${encodeURIComponent('শোকে')}`);
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await page.goto(`/search?q=${encodeURIComponent(`শোকে ${stamp}`)}`);
    await expect(page.getByRole('article')).toHaveCount(1);

    // Its page says where it is, and the booking offers its area first.
    await page.getByRole('article', { name: title }).getByRole('link', { name: title }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('ধানমন্ডি, ঢাকা');
    await page
      .getByRole('button', { name: bn('booking.title') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: bn('booking.title') });
    const suggestions = dialog
      .getByRole('group', { name: bn('places.meetingSuggestions') })
      .getByRole('button');
    await expect(suggestions.first()).toHaveText('ধানমন্ডি, ঢাকা');
    await suggestions.first().click();
    await expect(dialog.getByLabel(bn('booking.meetingLocation'))).toHaveValue('ধানমন্ডি, ঢাকা');
    await screenshotBothWidths(page, 'places-booking-bn');

    // The same listing in English reads "Dhanmondi, Dhaka".
    await page.keyboard.press('Escape');
    await expect(async () => {
      await page.locator('header').getByRole('button', { name: 'English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en', { timeout: 1_000 });
    }).toPass();
    await page.goto('/search?location=Dhaka&district=dhaka&area=dhaka-dhanmondi');
    await expect(page.getByRole('article', { name: title })).toContainText('Dhanmondi, Dhaka');
    await expect(filters(page, 'Division').getByLabel('Area')).toHaveValue('dhaka-dhanmondi');
    await screenshotBothWidths(page, 'places-search-by-area-en');

    await Promise.all([seller.context.close(), buyer.context.close()]);
  });
});
