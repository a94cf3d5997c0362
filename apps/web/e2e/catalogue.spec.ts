import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { messages, type Page as ApiPage, type ProductCard } from '@furniture-mart/shared';
import { demoAccounts, signIn } from './support/accounts';
import { screenshotBothWidths, viewports } from './support/screenshots';

const slideHeadlines = [
  'Give good furniture a second home',
  'Sleep well, spend less',
  'A desk that works as hard as you do',
];

function banner(page: Page) {
  return page.getByRole('region', { name: 'Featured furniture' });
}

/** The slide on screen; hidden slides are out of the accessibility tree. */
async function expectSlide(page: Page, index: number) {
  const slide = banner(page).getByRole('group', { name: `${index + 1} of 3` });
  await expect(slide).toBeVisible();
  await expect(slide.getByRole('heading', { name: slideHeadlines[index] })).toBeVisible();
  for (const other of [0, 1, 2].filter((n) => n !== index)) {
    await expect(banner(page).getByRole('group', { name: `${other + 1} of 3` })).toBeHidden();
  }
}

/** Lazy photos load only when scrolled near; bring every one in before a full-page screenshot. */
async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

/** A modal sits in the top layer, which a full-page capture misplaces: capture what is on screen. */
async function screenshotScreenBothWidths(page: Page, name: string) {
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: path.resolve(import.meta.dirname, 'screenshots', `${name}-${label}.png`),
      animations: 'disabled',
    });
  }
  if (original) await page.setViewportSize(original);
}

function cardTitles(page: Page) {
  return page.getByRole('article').getByRole('heading').allTextContents();
}

test.describe('home', () => {
  test('shows the banner, the categories and Popular furniture', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toHaveAttribute('aria-roledescription', 'carousel');
    await expectSlide(page, 0);
    await expect(banner(page).getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '#categories');

    const categories = page.locator('#categories').getByRole('link');
    await expect(categories).toHaveCount(6);
    await expect(categories.first()).toHaveAttribute('href', /^\/categories\/[0-9a-f-]{36}$/);

    const popular = page.getByRole('region', { name: 'Popular furniture' });
    await expect(popular).toBeVisible();
    const cards = popular.getByRole('article');
    expect(await cards.count()).toBeGreaterThan(0);
    const first = cards.first();
    await expect(first.getByText('Resale price')).toBeVisible();
    await expect(first.getByText('Original price')).toBeVisible();
    await expect(first.getByText('Years used')).toBeVisible();
    await expect(first.locator('time')).toHaveText(/^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{2} \d{4}$/);
    const photo = first.getByRole('img', { name: /^Photo of / });
    await expect(photo).toHaveAttribute('loading', 'lazy');
    await expect(photo).toHaveAttribute('width', /\d+/);
    await expect(photo).toHaveAttribute('height', /\d+/);
    await expect(photo).toHaveAttribute('src', /-thumb\.webp$/);

    await expect(page.getByRole('heading', { name: 'What our customers say' })).toBeVisible();

    // Shop Now on the first slide jumps to the categories on this page.
    await banner(page).getByRole('link', { name: 'Shop Now' }).click();
    await expect(page).toHaveURL(/\/#categories$/);

    await loadAllImages(page);
    await screenshotBothWidths(page, 'catalogue-home');
  });

  test('the banner advances on its own: 6 s, 6 s, then 5 s', async ({ page }) => {
    const start = new Date('2026-03-02T09:00:00');
    await page.clock.install({ time: start });
    // The page arrives rendered; its timers start once the script has run, so wait for the script
    // before moving the clock (a jump made before would fire no timer).
    await page.goto('/', { waitUntil: 'networkidle' });
    await expectSlide(page, 0);
    // Jumping ahead fires the first slide's timer once; from then on time moves only when told to.
    await page.clock.pauseAt(new Date(start.getTime() + 60 * 60_000));
    await expectSlide(page, 1);
    await page.clock.runFor(5_900);
    await expectSlide(page, 1);
    await page.clock.runFor(200);
    await expectSlide(page, 2);
    await page.clock.runFor(4_900);
    await expectSlide(page, 2);
    await page.clock.runFor(200);
    await expectSlide(page, 0);
    await page.clock.runFor(5_900);
    await expectSlide(page, 0);
    await page.clock.runFor(200);
    await expectSlide(page, 1);
  });

  test('the banner pauses while hovered or focused and can be stopped and driven by hand', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    const slides = banner(page).locator('[aria-live]');
    await expect(slides).toHaveAttribute('aria-live', 'off');

    await banner(page).hover();
    await page.clock.runFor(13_000);
    await expectSlide(page, 0);
    await expect(slides).toHaveAttribute('aria-live', 'polite');
    await page.mouse.move(0, 0);
    await page.clock.runFor(6_100);
    await expectSlide(page, 1);

    await page.getByRole('button', { name: 'Next slide' }).click();
    await expectSlide(page, 2);
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expectSlide(page, 0);
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expectSlide(page, 2);
    await page.getByRole('button', { name: /^Slide 2:/ }).click();
    await expectSlide(page, 1);
    await expect(page.getByRole('button', { name: /^Slide 2:/ })).toHaveAttribute('aria-current', 'true');

    // Focus on a control pauses too; the stop button keeps it still after focus leaves.
    await page.getByRole('button', { name: 'Stop automatic slide show' }).click();
    await page.mouse.move(0, 0);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.clock.runFor(15_000);
    await expectSlide(page, 1);
    await expect(page.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
  });

  test('the banner stays still for people who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await expectSlide(page, 0);
    await page.clock.runFor(20_000);
    await expectSlide(page, 0);
    await expect(banner(page).locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await expect(page.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
  });
});

test.describe('blog', () => {
  test('the accordion starts all open and each item toggles on its own', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible();
    const items = page.locator('details');
    await expect(items).toHaveCount(4);
    for (let i = 0; i < 4; i++) await expect(items.nth(i)).toHaveAttribute('open', '');
    await expect(items.nth(0)).toContainText('state in a React application');
    await expect(items.nth(1)).toContainText('prototypal inheritance');
    await expect(items.nth(2)).toContainText('unit test');
    await expect(items.nth(3)).toContainText('React vs. Angular vs. Vue');

    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).not.toHaveAttribute('open');
    for (const other of [0, 2, 3]) await expect(items.nth(other)).toHaveAttribute('open', '');
    await items.nth(3).locator('summary').press('Enter');
    await expect(items.nth(3)).not.toHaveAttribute('open');
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await expect(items.nth(3)).not.toHaveAttribute('open');

    await expect(page.getByRole('heading', { level: 2, name: 'Our Partners' })).toBeVisible();
    const logos = page.getByRole('listitem').getByRole('img');
    await expect(logos).toHaveCount(4);
    for (const name of [
      'Oakline Movers',
      'Grainwell Restorers',
      'Hearth and Home Cleaning',
      'Loomcraft Upholstery',
    ]) {
      await expect(page.getByRole('img', { name })).toBeVisible();
    }

    await page.goto('/blog');
    await screenshotBothWidths(page, 'catalogue-blog');
  });
});

test.describe('category page', () => {
  test('a signed-in user filters by price and condition, pages forward and reloads to the same result', async ({
    page,
  }) => {
    await signIn(page, demoAccounts.buyer);
    // The demo data has about five pieces per room, so the shared link asks for one piece per page
    // to have pages to turn.
    await page.goto('/categories/bed-room?pageSize=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Bed Room' })).toBeVisible();

    const filters = page.getByRole('search', { name: 'Filter Bed Room' });
    await filters.getByLabel('Min price ($)').fill('30');
    await filters.getByLabel('Max price ($)').fill('300');
    await filters.getByLabel('Condition').selectOption('excellent');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(
      /\/categories\/bed-room\?minPrice=30&maxPrice=300&condition=excellent&pageSize=1$/,
    );

    // What the server answers for the same filters is what the page must show.
    const res = await page.request.get(
      '/api/categories/bed-room?minPrice=30&maxPrice=300&condition=excellent&pageSize=100',
    );
    const expected = ((await res.json()) as { products: ApiPage<ProductCard> }).products.items;
    expect(expected.length).toBeGreaterThanOrEqual(2);
    for (const item of expected) {
      expect(item.condition).toBe('excellent');
      expect(item.sellingPriceCents).toBeGreaterThanOrEqual(3_000);
      expect(item.sellingPriceCents).toBeLessThanOrEqual(30_000);
    }

    await expect(page.getByText(`Showing 1–1 of ${expected.length} pieces`)).toBeVisible();
    expect(await cardTitles(page)).toEqual([expected[0]!.title]);
    await expect(page.getByRole('article').getByText('Excellent', { exact: true })).toBeVisible();

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.getByText(`Showing 2–2 of ${expected.length} pieces`)).toBeVisible();
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('article')).toHaveCount(1);
    expect(await cardTitles(page)).toEqual([expected[1]!.title]);

    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect(page.getByText(`Showing 2–2 of ${expected.length} pieces`)).toBeVisible();
    expect(await cardTitles(page)).toEqual([expected[1]!.title]);
    await expect(filters.getByLabel('Min price ($)')).toHaveValue('30');
    await expect(filters.getByLabel('Max price ($)')).toHaveValue('300');
    await expect(filters.getByLabel('Condition')).toHaveValue('excellent');

    // Going back returns to the first page of the same filters.
    await page.goBack();
    await expect(page.getByText(`Showing 1–1 of ${expected.length} pieces`)).toBeVisible();
  });

  test('cards show the listing, a verified mark, the actions and a details view', async ({ page }) => {
    await signIn(page, demoAccounts.buyer);
    await page.goto('/categories/bed-room');
    await expect(page.getByRole('heading', { level: 1, name: 'Bed Room' })).toBeVisible();
    const res = await page.request.get('/api/categories/bed-room');
    const items = ((await res.json()) as { products: ApiPage<ProductCard> }).products.items;
    expect(await cardTitles(page)).toEqual(items.map((item) => item.title));

    const verified = items.find((item) => item.seller.verified)!;
    const verifiedCard = page.getByRole('article', { name: verified.title });
    await expect(verifiedCard.getByText(verified.seller.name)).toBeVisible();
    await expect(verifiedCard.getByRole('img', { name: 'verified seller' })).toBeVisible();
    const unverified = items.find((item) => !item.seller.verified);
    if (unverified) {
      await expect(
        page.getByRole('article', { name: unverified.title }).getByRole('img', { name: 'verified seller' }),
      ).toHaveCount(0);
    }
    await expect(verifiedCard.getByRole('button', { name: 'Book Now' })).toBeVisible();
    await expect(verifiedCard.getByRole('button', { name: 'Report' })).toBeVisible();
    await loadAllImages(page);
    await screenshotBothWidths(page, 'catalogue-category');

    const details = verifiedCard.getByRole('button', { name: `Details of ${verified.title}` });
    await details.click();
    const dialog = page.getByRole('dialog', { name: verified.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(verified.description);
    await expect(
      dialog.getByRole('img', { name: new RegExp(`^Photo 1 of \\d+ of ${verified.title}$`) }),
    ).toHaveAttribute('src', /-(middle|display)\.webp$/);
    await expect(
      dialog.getByRole('img', { name: new RegExp(`^Photo 1 of \\d+ of ${verified.title}$`) }),
    ).toHaveAttribute('srcset', /-thumb\.webp \d+w/);
    await screenshotScreenBothWidths(page, 'catalogue-product-details');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(details).toBeFocused();
  });

  test('a search that matches nothing says so and offers to clear the filters', async ({ page }) => {
    await signIn(page, demoAccounts.buyer);
    await page.goto('/categories/kitchen?q=zebra');
    await expect(page.getByText(messages.noMatches)).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/categories\/kitchen$/);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('an unknown category shows a way back to the categories', async ({ page }) => {
    await signIn(page, demoAccounts.buyer);
    await page.goto('/categories/garage');
    await expect(page.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See all categories' })).toHaveAttribute(
      'href',
      '/#categories',
    );
  });

  test('a visitor is asked to sign in first', async ({ page }) => {
    await page.goto('/categories/bed-room');
    await expect(page).toHaveURL('/login');
  });
});

test.describe('pages rendered on the server', () => {
  /** Console errors and warnings, page errors: a hydration that did not match reports here. */
  function watchProblems(page: Page): string[] {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return problems;
  }

  test('the home page arrives with its categories and Popular furniture, and hydrates quietly', async ({
    page,
    request,
  }) => {
    const advertised = (await (
      await request.get('/api/products/advertised?pageSize=6')
    ).json()) as ApiPage<ProductCard>;
    expect(advertised.items.length).toBeGreaterThan(0);
    const html = await (await request.get('/')).text();
    expect(html).toContain('Shop by category');
    expect(html).toContain('Living Room');
    for (const item of advertised.items) expect(html).toContain(item.title);
    expect(html).toContain('<script type="application/json" id="app-state">');

    const problems = watchProblems(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Popular furniture' })).toBeVisible();
    // The page works once its code runs: a category link leads to sign-in for a visitor.
    await page.getByRole('link', { name: 'Living Room' }).first().click();
    await expect(page).toHaveURL('/login');
    expect(problems).toEqual([]);
  });

  test('a category page arrives with the products its address asks for, only to someone signed in', async ({
    page,
  }) => {
    const address = '/categories/bed-room?sort=price_asc&pageSize=2';
    // A visitor gets the empty app page, which sends them to sign in.
    expect(await (await page.request.get(address)).text()).not.toContain('id="app-state"');

    await signIn(page, demoAccounts.buyer);
    const api = (await (
      await page.request.get('/api/categories/bed-room?sort=price_asc&pageSize=2')
    ).json()) as { products: ApiPage<ProductCard> };
    const answer = await page.request.get(address);
    expect(answer.headers()['cache-control']).toBe('private, no-cache');
    const html = await answer.text();
    expect(html).toMatch(/<head>[\s\S]*<title>Bed Room \| Furniture Mart<\/title>[\s\S]*<\/head>/);
    for (const item of api.products.items) expect(html).toContain(item.title);
    // The first photo is asked for from the head, before any script runs, in every stored size, so the
    // browser preloads the one the card will draw at this width (and not a second one).
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(
      /<link rel="preload" as="image" imageSrcSet="\/media\/[^"]+-thumb\.webp \d+w(, \/media\/[^"]+-(middle|display)\.webp \d+w)*" imageSizes="[^"]+"/,
    );

    const problems = watchProblems(page);
    await page.goto(address);
    expect(await cardTitles(page)).toEqual(api.products.items.map((item) => item.title));
    // Interactive: the next page comes from the API.
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.getByText(/^Showing 3–4 of \d+ pieces$/)).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('post dates on pages rendered on the server', () => {
  // Far east and far west of the server's UTC: whatever the hour, a piece posted at that hour falls on
  // another calendar day in at least one of them.
  for (const timezoneId of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
    test(`show the reader's own calendar day, with no hydration error (${timezoneId})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ timezoneId });
      const page = await context.newPage();
      await signIn(page, demoAccounts.buyer);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (['error', 'warning'].includes(message.type())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto('/categories/bed-room');
      const dates = page.locator('article time[datetime]');
      await expect(dates.first()).toBeVisible();
      // Once the app runs, each date reads as the browser's Date#toString gives it there.
      await expect
        .poll(() =>
          dates.evaluateAll((elements) =>
            elements.every(
              (el) => el.textContent === new Date(el.getAttribute('datetime')!).toString().slice(0, 15),
            ),
          ),
        )
        .toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

test.describe('search page', () => {
  test('finds furniture by a word of its description across categories, then narrows by category', async ({
    page,
  }) => {
    await signIn(page, demoAccounts.buyer);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();

    const form = page.getByRole('search', { name: 'Search furniture' });
    await form.getByRole('searchbox', { name: 'Search' }).fill('drawers');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/search\?q=drawers$/);

    const res = await page.request.get('/api/products?q=drawers');
    const expected = ((await res.json()) as ApiPage<ProductCard>).items;
    expect(expected.length).toBeGreaterThan(1);
    await expect(page.getByRole('article')).toHaveCount(expected.length);
    expect(await cardTitles(page)).toEqual(expected.map((item) => item.title));
    const categoryIds = new Set(expected.map((item) => item.categoryId));
    expect(categoryIds.size).toBeGreaterThan(1);

    await form.getByLabel('Category').selectOption({ label: 'Dining Room' });
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/search\?q=drawers&category=dining-room$/);
    const narrowed = (
      (await (
        await page.request.get('/api/products?q=drawers&category=dining-room')
      ).json()) as ApiPage<ProductCard>
    ).items;
    await expect(page.getByRole('article')).toHaveCount(narrowed.length);
    expect(await cardTitles(page)).toEqual(narrowed.map((item) => item.title));

    await page.getByLabel('Sort by').selectOption('price_desc');
    await expect(page).toHaveURL(/sort=price_desc/);
    const prices = narrowed.map((item) => item.sellingPriceCents).sort((a, b) => b - a);
    const sorted = (
      (await (
        await page.request.get('/api/products?q=drawers&category=dining-room&sort=price_desc')
      ).json()) as ApiPage<ProductCard>
    ).items;
    expect(sorted.map((item) => item.sellingPriceCents)).toEqual(prices);
    await expect(page.getByRole('article').first()).toHaveAccessibleName(sorted[0]!.title);

    await page.goto('/search');
    await loadAllImages(page);
    await screenshotBothWidths(page, 'catalogue-search');
  });
});
