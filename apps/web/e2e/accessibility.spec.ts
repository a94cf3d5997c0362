import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { messages } from '@furniture-mart/shared';
import { listProduct, signUpPerson } from './support/api';
import { openRoute, routeTable, setUpScene, type Scene } from './support/routes';
import { viewports } from './support/screenshots';

/**
 * axe on every page of the route table, opened as the role it is for, at desktop and phone widths,
 * and on every kind of dialog; the dialogs' focus handling; and a journey made with the keyboard alone.
 */

/** axe's serious and critical findings, in a form that reads well in a failed assertion. */
async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      where: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
}

/** Presses Tab until the element has focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reachable with ${limit} presses of Tab`).toBeFocused({ timeout: 1 });
}

/**
 * Tabbing forwards and backwards never reaches the page behind a modal dialog: focus stays on the
 * dialog's controls (the browser may pass through its own controls, where the page has no focus).
 */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const visited = new Set<string>();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let presses = 0; presses < 12; presses++) {
      await page.keyboard.press(key);
      const where = await dialog.evaluate((element) => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'browser';
        if (!element.contains(active)) return `outside: ${active.outerHTML.slice(0, 120)}`;
        return `inside: ${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}`;
      });
      expect(where).not.toMatch(/^outside/);
      visited.add(where);
    }
  }
  expect([...visited].filter((where) => where.startsWith('inside')).length).toBeGreaterThan(0);
}

/** Opens a dialog from its button with Enter; checks axe, the focus trap, Esc and the return of focus. */
async function checkDialog(page: Page, opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe('accessibility of every page', () => {
  let scene: Scene;

  test.beforeAll(async ({ browser }, testInfo) => {
    scene = await setUpScene(browser, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await scene?.close();
  });

  for (const route of routeTable) {
    test(`${route.name}, as ${route.role === 'visitor' ? 'a visitor' : `the ${route.role}`}: no serious or critical axe findings`, async () => {
      const page = await openRoute(scene, route);
      expect(await seriousViolations(page), 'at desktop width').toEqual([]);
      await page.setViewportSize(viewports.phone);
      expect(await seriousViolations(page), 'at phone width').toEqual([]);
      await page.close();
    });
  }

  test('the buyer’s dialogs: product details, Book Now, Report', async () => {
    const page = await openRoute(
      scene,
      routeTable.find((route) => route.name === 'category')!,
    );
    const card = page.getByRole('article', { name: scene.listing.title });
    await checkDialog(
      page,
      card.getByRole('button', { name: `Details of ${scene.listing.title}` }),
      page.getByRole('dialog', { name: scene.listing.title }),
    );
    // The scene's buyer booked that piece, so its card leads to the order; another card offers Book Now.
    await expect(card.getByRole('link', { name: 'Open your order' })).toBeVisible();
    const other = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Book Now' }) })
      .first();
    await checkDialog(
      page,
      other.getByRole('button', { name: 'Book Now' }),
      page.getByRole('dialog', { name: 'Book Now' }),
    );
    await checkDialog(
      page,
      card.getByRole('button', { name: 'Report' }),
      page.getByRole('dialog', { name: 'Report this product' }),
    );
    await page.close();
  });

  test('the seller’s dialogs: the bookings list and a confirmation', async () => {
    const page = await openRoute(
      scene,
      routeTable.find((route) => route.name === 'my-products')!,
    );
    const { title } = scene.listing;
    await checkDialog(
      page,
      page.getByRole('button', { name: `Bookings for ${title}` }),
      page.getByRole('dialog', { name: `Bookings for ${title}` }),
    );
    await checkDialog(
      page,
      page.getByRole('button', { name: `Delete ${title}` }),
      page.getByRole('dialog').filter({ hasText: messages.confirmDeleteProduct }),
    );
    // Esc was a cancel: the product is still there.
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
    await page.close();
  });

  test('the buyer’s and the admin’s confirmations', async () => {
    const orders = await openRoute(
      scene,
      routeTable.find((route) => route.name === 'my-orders')!,
    );
    await checkDialog(
      orders,
      orders
        .getByRole('button', { name: `Delete order for ${scene.listing.title}` })
        .filter({ visible: true }),
      orders.getByRole('dialog').filter({ hasText: messages.confirmDeleteOrder }),
    );
    await orders.close();

    const sellers = await openRoute(
      scene,
      routeTable.find((route) => route.name === 'all-sellers')!,
    );
    await checkDialog(
      sellers,
      sellers.getByRole('button', { name: `Verify ${scene.seller.name}` }),
      sellers.getByRole('dialog', { name: messages.confirmVerifySeller }),
    );
    await sellers.close();
  });
});

test('keyboard alone: sign in, open a category, book with Enter, Esc closes, report', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const stamp = Date.now();
  const seller = await signUpPerson(browser, origin, 'seller', `Keyboard Seller ${stamp}`);
  const listing = await listProduct(seller, origin, {
    title: `Enamel bread bin ${stamp}`,
    categorySlug: 'kitchen',
    sellingPrice: '22',
    description: 'A cream enamel bread bin with a wooden lid.',
  });
  const buyer = await signUpPerson(browser, origin, 'buyer', `Keyboard Buyer ${stamp}`);
  await seller.context.close();
  await buyer.context.close();

  // The skip link comes first and jumps past the navigation, here straight to the sign-in form.
  await page.goto('/login');
  // The page arrives rendered ahead, its form disabled until the page's code has taken over (a field
  // typed into before then would be emptied); a person starts once it is enabled, and so does this.
  await expect(page.getByLabel('Email')).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(buyer.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(buyer.password);
  await page.keyboard.press('Enter');
  await expect(page.getByText(messages.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL('/');
  // Like after a page load, the new page is where focus starts.
  await expect(page.locator('#main')).toBeFocused();

  // Open a category from the home page.
  await tabTo(page, page.locator('#categories').getByRole('link', { name: 'Kitchen' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/categories\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kitchen' })).toBeVisible();

  // Narrow it down with the filters' search field.
  await tabTo(page, page.getByRole('searchbox', { name: 'Search' }));
  await page.keyboard.type(listing.title);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  const card = page.getByRole('article', { name: listing.title });
  await expect(page.getByRole('article')).toHaveCount(1);

  // Book Now opens with Enter and starts on the first field; Esc closes and gives focus back.
  const bookNow = card.getByRole('button', { name: 'Book Now' });
  await tabTo(page, bookNow);
  await page.keyboard.press('Enter');
  const booking = page.getByRole('dialog', { name: 'Book Now' });
  await expect(booking.getByLabel('Phone')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(booking).toBeHidden();
  await expect(bookNow).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(booking.getByLabel('Phone')).toBeFocused();
  await page.keyboard.type('+880 1711 246810');
  await page.keyboard.press('Tab');
  await expect(booking.getByLabel('Meeting location')).toBeFocused();
  await page.keyboard.type('Dhanmondi lake, gate 2');
  await page.keyboard.press('Enter');
  await expect(page.getByText(messages.productBooked)).toBeVisible();
  await expect(booking).toBeHidden();
  // Booked: the link to the order takes Book Now's place, and focus with it.
  await expect(card.getByRole('link', { name: 'Open your order' })).toBeFocused();
  await expect(bookNow).toHaveCount(0);

  // Report sits just before it.
  await page.keyboard.press('Shift+Tab');
  const reportButton = card.getByRole('button', { name: 'Report' });
  await expect(reportButton).toBeFocused();
  await page.keyboard.press('Enter');
  const report = page.getByRole('dialog', { name: 'Report this product' });
  await expect(report.getByLabel('Reason')).toBeFocused();
  // Typing picks the option that starts with those letters, as in any select.
  await page.keyboard.type('Wrong');
  await expect(report.getByLabel('Reason')).toHaveValue('wrong_condition');
  await page.keyboard.press('Tab');
  await expect(report.getByLabel('Details (optional)')).toBeFocused();
  await page.keyboard.type('The lid does not close.');
  await page.keyboard.press('Tab');
  await expect(report.getByRole('button', { name: 'Submit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(messages.reportSuccess)).toBeVisible();
  await expect(report).toBeHidden();
  await expect(reportButton).toBeFocused();

  // The order is in My Orders, reached with the keyboard too.
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }));
  await page.keyboard.press('Enter');
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: listing.title })).toHaveCount(1);
});
