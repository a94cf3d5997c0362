import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { loadCatalogue, translate, type MessageKey, type MessageValues } from '@furniture-mart/shared';
import { demoAccounts } from './support/accounts';
import {
  bookProduct,
  listProduct,
  signInPerson,
  signUpPerson,
  type Listing,
  type Person,
} from './support/api';
import { photoFile } from './support/png';
import { screenshotBothWidths, viewports } from './support/screenshots';

/**
 * Two people talking about a piece, each in a browser of their own: the buyer asks from the product
 * page, the seller sees the badge and answers without reloading, the buyer sees the answer arrive;
 * a phone number is held back before a booking and not after; a reported message reaches the admin,
 * who removes it, and both threads show it removed.
 */

const bn = (key: MessageKey, values?: MessageValues) => translate('bn', key, values);
const en = (key: MessageKey, values?: MessageValues) => translate('en', key, values);

/** axe's serious and critical findings. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

function thread(page: Page) {
  return page.getByTestId('thread');
}

function composer(page: Page) {
  return page.getByRole('textbox', { name: en('chat.messageLabel') });
}

/** The account's language (kept by the server, as the switch in the header keeps it). */
async function useLanguage(context: BrowserContext, origin: string, locale: 'en' | 'bn') {
  const answer = await context.request.post('/api/locale', { data: { locale }, headers: { origin } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test.describe('conversations between a buyer and a seller', () => {
  let seller: Person;
  let buyer: Person;
  let admin: BrowserContext;
  let listing: Listing;

  test.beforeAll(async ({ browser }, testInfo) => {
    await loadCatalogue('bn');
    const origin = testInfo.project.use.baseURL!;
    const stamp = Date.now();
    seller = await signUpPerson(browser, origin, 'seller', `Talk Seller ${stamp}`);
    buyer = await signUpPerson(browser, origin, 'buyer', `Talk Buyer ${stamp}`);
    admin = await signInPerson(browser, origin, demoAccounts.admin);
    listing = await listProduct(seller, origin, {
      title: `Teak sideboard ${stamp}`,
      categorySlug: 'living-room',
      sellingPrice: '240',
      description: 'A low teak sideboard with three drawers and sliding doors.',
    });
  });

  test.afterAll(async () => {
    for (const context of [seller?.context, buyer?.context, admin]) await context?.close();
  });

  test('ask, answer live, contact kept back until a booking, report and removal', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const origin = testInfo.project.use.baseURL!;

    // The seller is somewhere in the dashboard, with nothing unread.
    const sellerPage = await seller.context.newPage();
    const streamsOpened = (page: Page) => {
      const opened: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/my/events') opened.push(request.url());
      });
      return opened;
    };
    const sellerStreams = streamsOpened(sellerPage);
    await sellerPage.goto('/dashboard');
    const sellerBadge = sellerPage.getByTestId('unread-badge');
    await expect(sellerPage.getByTestId('messages-nav')).toBeVisible();
    await expect(sellerBadge).toHaveCount(0);

    // A visitor is asked to sign in first.
    const visitor = await browser.newContext({ baseURL: origin });
    const visitorPage = await visitor.newPage();
    const visitorStreams = streamsOpened(visitorPage);
    await visitorPage.goto(`/products/${listing.id}`);
    await visitorPage.getByRole('link', { name: en('chat.ask') }).click();
    await expect(visitorPage).toHaveURL(/\/login$/);
    // A visitor has no events to hear.
    expect(visitorStreams).toEqual([]);
    await visitor.close();

    // The buyer asks from the product page, with a phone number in the question.
    const buyerPage = await buyer.context.newPage();
    await buyerPage.goto(`/products/${listing.id}`);
    await buyerPage.getByRole('button', { name: en('chat.ask') }).click();
    await buyerPage
      .getByLabel(en('chat.askTitle', { name: seller.name }))
      .fill('Is it still available? Call me on 01711-223344.');
    await buyerPage.getByRole('button', { name: en('chat.askSend') }).click();
    await expect(buyerPage).toHaveURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
    const conversationUrl = new URL(buyerPage.url()).pathname;
    const asked = thread(buyerPage).getByTestId('message').last();
    await expect(asked).toContainText('Is it still available? Call me on [shared after booking].');
    await expect(thread(buyerPage)).not.toContainText('223344');
    await expect(buyerPage.getByTestId('day-separator')).toHaveText(en('chat.today'));

    // The seller's badge counts it, without a reload; the list shows it unread, with the product.
    await expect(sellerBadge).toHaveText('1');
    await sellerPage.getByTestId('messages-nav').click();
    const row = sellerPage.getByTestId('conversation').filter({ hasText: buyer.name });
    await expect(row).toContainText(listing.title);
    await expect(row).toContainText(en('chat.unreadCount', { count: 1 }));
    await row.click();
    await expect(sellerPage).toHaveURL(conversationUrl);
    await expect(thread(sellerPage)).toContainText('Call me on [shared after booking].');
    // Reading it marks it read: the badge goes.
    await expect(sellerBadge).toHaveCount(0);

    // The seller answers with Enter; Shift+Enter made a second line.
    await composer(sellerPage).fill('Yes, it is.');
    await composer(sellerPage).press('Shift+Enter');
    await composer(sellerPage).pressSequentially('Come on Saturday.');
    await composer(sellerPage).press('Enter');
    await expect(composer(sellerPage)).toHaveValue('');

    // The buyer sees the answer arrive in the open thread, lines kept.
    const answer = thread(buyerPage).getByTestId('message').filter({ hasText: 'Yes, it is.' });
    await expect(answer).toHaveAttribute('data-own', 'false');
    await expect(answer.locator('p')).toHaveText('Yes, it is.\nCome on Saturday.');

    // The sender is told once why the number was hidden.
    await composer(buyerPage).fill('Or mail me at talk.buyer@example.com');
    await composer(buyerPage).press('Enter');
    await expect(thread(buyerPage)).toContainText('Or mail me at [shared after booking]');
    await expect(buyerPage.getByTestId('mask-explained')).toBeVisible();
    await buyerPage.getByRole('button', { name: en('chat.gotIt') }).click();
    await expect(buyerPage.getByTestId('mask-explained')).toHaveCount(0);

    for (const page of [buyerPage, sellerPage]) {
      expect(await seriousViolations(page)).toEqual([]);
    }

    // From the dashboard to the list to the thread, and a live message on the way: one stream.
    expect(sellerStreams).toHaveLength(1);

    // Pictures: the list, the thread and the product page with Ask the seller, in both languages.
    await screenshotBothWidths(sellerPage, 'conversation-thread');
    await sellerPage.goto('/dashboard/messages');
    await expect(sellerPage.getByTestId('conversation').first()).toBeVisible();
    await screenshotBothWidths(sellerPage, 'conversation-list');

    // On a phone the thread fills the screen below the header, the composer at its bottom.
    await buyerPage.setViewportSize(viewports.phone);
    const box = await buyerPage.getByTestId('composer').boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(viewports.phone.height - 2);
    expect(await seriousViolations(buyerPage)).toEqual([]);
    await buyerPage.setViewportSize(viewports.desktop);

    // Book Now above the thread opens the product's booking form.
    await buyerPage.getByRole('link', { name: en('booking.title') }).click();
    await expect(buyerPage).toHaveURL(`/products/${listing.id}`);
    await expect(buyerPage.getByRole('dialog', { name: en('booking.title') })).toBeVisible();
    await buyerPage.keyboard.press('Escape');

    // After a booking nothing is held back, on either side.
    await bookProduct(buyer, origin, listing.id);
    await buyerPage.goto(conversationUrl);
    await composer(buyerPage).fill('Booked! My number is 01711-223344.');
    await composer(buyerPage).press('Enter');
    await expect(thread(buyerPage)).toContainText('Booked! My number is 01711-223344.');
    await sellerPage.goto(conversationUrl);
    await expect(thread(sellerPage)).toContainText('Booked! My number is 01711-223344.');

    // A photo goes with a message: uploaded when chosen, shown to both.
    await buyerPage.getByTestId('photo-input').setInputFiles(photoFile('back.png', '#5b3a1a'));
    await expect(buyerPage.getByRole('button', { name: en('chat.removePhoto', { n: 1 }) })).toBeVisible();
    await composer(buyerPage).fill('Here is the back of my hallway.');
    await composer(buyerPage).press('Enter');
    const sentPhoto = thread(buyerPage).getByRole('img', {
      name: en('chat.photoFrom', { n: 1, name: 'You' }),
    });
    await expect(sentPhoto).toBeVisible();
    const seenPhoto = thread(sellerPage).getByRole('img', {
      name: en('chat.photoFrom', { n: 1, name: buyer.name }),
    });
    await expect(seenPhoto).toBeVisible();
    await expect
      .poll(() => seenPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);

    // The order page leads to the conversation, for the buyer and for the seller.
    const orders = (await (await buyer.context.request.get('/api/my/bookings')).json()) as {
      items: { id: string }[];
    };
    const orderPage = await buyer.context.newPage();
    await orderPage.goto(`/dashboard/orders/${orders.items[0]!.id}`);
    await orderPage.getByRole('link', { name: en('chat.orderConversation', { name: seller.name }) }).click();
    await expect(orderPage).toHaveURL(conversationUrl);
    await orderPage.close();

    // The seller reports the buyer's first message.
    const reported = thread(sellerPage).getByTestId('message').filter({ hasText: 'Is it still available?' });
    await reported.getByRole('button', { name: en('chat.report') }).click();
    const dialog = sellerPage.getByRole('dialog', { name: en('chat.reportTitle') });
    await dialog.getByLabel(en('report.reason')).selectOption('spam');
    await dialog.getByLabel(en('report.details')).fill('Asks me to call outside the site.');
    await dialog.getByRole('button', { name: en('chat.reportSend') }).click();
    await expect(sellerPage.getByText(en('chat.reported'))).toBeVisible();

    // The admin sees it with its sender and the conversation around it, and removes it.
    const adminPage = await admin.newPage();
    await adminPage.goto('/dashboard/allReport');
    const reportRow = adminPage.getByRole('row').filter({ hasText: 'Asks me to call outside the site.' });
    await expect(reportRow.getByTestId('reported-message')).toContainText(buyer.name);
    await expect(reportRow.getByTestId('reported-message')).toContainText(
      'Is it still available? Call me on [shared after booking].',
    );
    await reportRow.getByText(en('chat.adminAround', { count: 5 })).click();
    await expect(reportRow.getByTestId('message')).toHaveCount(6);
    await screenshotBothWidths(adminPage, 'conversation-admin-report');
    await useLanguage(admin, origin, 'bn');
    await adminPage.reload();
    await adminPage.getByText(bn('chat.adminAround', { count: 5 })).click();
    await screenshotBothWidths(adminPage, 'conversation-admin-report-bn');
    await useLanguage(admin, origin, 'en');
    await adminPage.reload();
    await reportRow
      .getByRole('button', {
        name: en('chat.adminRemoveLabel', { name: buyer.name, reporter: seller.name }),
      })
      .click();
    await adminPage
      .getByRole('dialog', { name: en('chat.adminRemoveTitle') })
      .getByRole('button', { name: en('chat.adminRemove') })
      .click();
    await expect(adminPage.getByText(en('chat.adminRemoved'))).toBeVisible();

    // Both open threads show it removed, live.
    for (const page of [buyerPage, sellerPage]) {
      await expect(thread(page)).toContainText(en('chat.removedByAdmin'));
      await expect(thread(page)).not.toContainText('Is it still available?');
    }

    await buyerPage.goto(`/products/${listing.id}`);
    await expect(buyerPage.getByRole('link', { name: en('chat.openConversation') })).toBeVisible();

    // The same pages in Bangla.
    for (const context of [buyer.context, seller.context]) await useLanguage(context, origin, 'bn');
    await sellerPage.goto(conversationUrl);
    await expect(sellerPage.getByRole('textbox', { name: bn('chat.messageLabel') })).toBeVisible();
    await expect(thread(sellerPage)).toContainText(bn('chat.removedByAdmin'));
    expect(await seriousViolations(sellerPage)).toEqual([]);
    await screenshotBothWidths(sellerPage, 'conversation-thread-bn');
    await sellerPage.goto('/dashboard/messages');
    await expect(sellerPage.getByRole('heading', { level: 1, name: bn('chat.title') })).toBeVisible();
    await screenshotBothWidths(sellerPage, 'conversation-list-bn');
    for (const context of [buyer.context, seller.context]) await useLanguage(context, origin, 'en');
  });

  test('a product page offers Ask the seller to a buyer who has not asked yet', async ({
    browser,
  }, testInfo) => {
    const origin = testInfo.project.use.baseURL!;
    const other = await signUpPerson(browser, origin, 'buyer', `Curious Buyer ${Date.now()}`);
    const page = await other.context.newPage();
    for (const locale of ['en', 'bn'] as const) {
      await useLanguage(other.context, origin, locale);
      await page.goto(`/products/${listing.id}`);
      const t = locale === 'en' ? en : bn;
      await page.getByRole('button', { name: t('chat.ask') }).click();
      await expect(page.getByTestId('ask-seller')).toBeVisible();
      await screenshotBothWidths(page, `conversation-ask-${locale}`);
    }
    await other.context.close();
  });

  test('the Account page turns mail about unread messages off and on', async () => {
    const page = await buyer.context.newPage();
    await page.goto('/dashboard/account');
    const toggle = page.getByRole('checkbox', { name: en('chat.mailSwitch') });
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await expect(page.getByText(en('chat.mailOff'))).toBeVisible();
    await page.reload();
    await expect(toggle).not.toBeChecked();
    await screenshotBothWidths(page, 'conversation-account');
    await toggle.check();
    await expect(page.getByText(en('chat.mailOn'))).toBeVisible();
    const answer = await buyer.context.request.get('/api/my/message-mail');
    expect(await answer.json()).toEqual({ enabled: true });
    await page.close();
  });
});
