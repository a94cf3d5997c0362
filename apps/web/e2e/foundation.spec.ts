import { expect, test } from '@playwright/test';
import { messages, webMessages } from '@furniture-mart/shared';
import { screenshotBothWidths } from './support/screenshots';

test.describe('site frame', () => {
  test('home shows the navigation, the categories and the footer', async ({ page }) => {
    await page.goto('/');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Furniture Mart home' })).toHaveAttribute('href', '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Blog' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Search' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The categories grid links each category by its id.
    await expect(page.getByRole('main').getByRole('link', { name: 'Bed Room', exact: true })).toHaveAttribute(
      'href',
      /^\/categories\/[0-9a-f-]{36}$/,
    );

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('budget-friendly');
    const categories = footer.getByRole('navigation', { name: 'Categories' }).getByRole('link');
    await expect(categories).toHaveCount(4);
    for (const [name, slug] of [
      ['Bed Room', 'bed-room'],
      ['Dining Room', 'dining-room'],
      ['Kitchen', 'kitchen'],
      ['Guest Room', 'guest-room'],
    ] as const) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', `/categories/${slug}`);
    }
    const newsletter = footer.getByPlaceholder('Enter email');
    await expect(newsletter).toHaveAttribute('type', 'email');
    await expect(footer.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expect(footer).toContainText('© 2022');

    await screenshotBothWidths(page, 'home');
  });

  test('the phone menu opens and leads to the blog', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the Blog link opens the blog', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible();
    await screenshotBothWidths(page, 'blog');
  });

  test('an unknown address shows Page Not Found with a way home', async ({ page }) => {
    // A real 404 for search engines and link checkers, with the app page that says so to people.
    const response = await page.goto('/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: messages.notFoundTitle })).toBeVisible();
    await expect(page.getByText(messages.notFoundText)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await screenshotBothWidths(page, 'not-found');

    await page.getByRole('link', { name: messages.backToHome }).click();
    await expect(page).toHaveURL('/');
  });

  test('a page reached by a link opens at its top, and Back and Forward return to where it was left', async ({
    page,
  }) => {
    // The home page arrives rendered; its links are the app's once it has come to life.
    const hydrated = () =>
      expect(page.getByRole('contentinfo').getByRole('button', { name: 'Submit' })).toBeEnabled();
    await page.goto('/');
    await hydrated();
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(scrollY).toBe(900);

    // The header stays on screen, so its link is followed from where the reader is.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible();
    expect(await scrollY()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(scrollY).toBe(300);

    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect.poll(scrollY).toBe(900);
    await page.goForward();
    await expect(page).toHaveURL('/blog');
    await expect.poll(scrollY).toBe(300);

    // A reload comes back to the same place too.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible();
    await expect.poll(scrollY).toBe(300);

    // Opening the site afresh in the same tab starts at the top, though the first page of the earlier
    // visit was left lower down.
    await page.goto('/');
    await hydrated();
    expect(await scrollY()).toBe(0);
  });

  test('a page whose code cannot be loaded says so inside the site, and the next link works', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Submit' })).toBeEnabled();
    await page.evaluate(() => window.scrollTo(0, 900));
    // As after a release, when an open tab asks for a page file that no longer exists.
    await page.route(/\/assets\/BlogPage-[^/]+\.js$/, (route) => route.fulfill({ status: 404 }));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(page.getByText(webMessages.pageLoadFailed)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Shown from its top, like any page reached by a link.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText(webMessages.pageLoadFailed)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the newsletter form subscribes without reloading the page', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const field = footer.getByPlaceholder('Enter email');

    await footer.getByRole('button', { name: 'Submit' }).click();
    await expect(footer.getByText(messages.required)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(`reader-${Date.now()}@example.com`);
    await footer.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(messages.newsletterSuccess)).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(page).toHaveURL('/');
  });

  test('the dashboard sends a visitor to the login page', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    await screenshotBothWidths(page, 'login');
  });

  test('the sign-up page shows the password rule before anything is typed', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(page.getByText(messages.passwordHint)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Buy', exact: true })).toBeChecked();
    await screenshotBothWidths(page, 'signup');
  });
});
