import { expect, test, type Page } from '@playwright/test';
import { messages } from '@furniture-mart/shared';
import { demoAccounts, demoPassword, fillLogin, fillSignUp, signIn, uniqueEmail } from './support/accounts';
import { screenshotBothWidths } from './support/screenshots';

function dashboardMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

test.describe('accounts', () => {
  test('a new seller sees the seller tools', async ({ page }) => {
    await page.goto('/signup');
    await fillSignUp(page, {
      name: 'Sam Seller',
      email: uniqueEmail('seller'),
      role: 'Sell',
      password: 'long-enough-1',
    });
    await expect(page.getByText(messages.signUpSuccess)).toBeVisible();
    await expect(page).toHaveURL('/');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sam Seller' })).toBeVisible();
    const menu = dashboardMenu(page);
    await expect(menu.getByRole('link', { name: 'My Products' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Add A Product' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveCount(0);

    await menu.getByRole('link', { name: 'Add A Product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add A Product' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Add A Product' })).toHaveAttribute('aria-current', 'page');
    await screenshotBothWidths(page, 'dashboard-seller');
  });

  test('a new buyer sees My Orders', async ({ page }) => {
    await page.goto('/signup');
    await fillSignUp(page, {
      name: 'Bea Buyer',
      email: uniqueEmail('buyer'),
      role: 'Buy',
      password: 'long-enough-2',
    });
    await expect(page).toHaveURL('/');

    await page.goto('/dashboard');
    const menu = dashboardMenu(page);
    await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Products' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'All Sellers' })).toHaveCount(0);
    await screenshotBothWidths(page, 'dashboard-buyer');
  });

  test('a person changes their password from the dashboard; a common one is refused with the reason', async ({
    page,
  }) => {
    const email = uniqueEmail('password');
    await page.goto('/signup');
    await fillSignUp(page, { name: 'Pat Password', email, role: 'Buy', password: 'password123' });
    // Refused by the server, with the reason under the field.
    await expect(page.getByText(messages.passwordTooCommon)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('long-enough-7');
    await page.getByLabel('Confirm password').fill('long-enough-7');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page).toHaveURL('/');

    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByLabel('Current password').fill('long-enough-7');
    await page.getByLabel('New password', { exact: true }).fill('12345678');
    await page.getByLabel('Confirm new password').fill('12345678');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(messages.passwordTooCommon)).toBeVisible();

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-phrase');
    await page.getByLabel('Confirm new password').fill('a-brand-new-phrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(messages.wrongCurrentPassword)).toBeVisible();

    await page.getByLabel('Current password').fill('long-enough-7');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(messages.passwordChanged)).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');
    await screenshotBothWidths(page, 'account');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await fillLogin(page, email, 'long-enough-7');
    await expect(page.getByText(messages.loginFailed)).toBeVisible();
    await signIn(page, email, 'a-brand-new-phrase');
  });

  test('login and sign-up arrive already rendered for a visitor and work once their code runs', async ({
    page,
    request,
  }) => {
    for (const [address, text] of [
      ['/login', 'Welcome back! Sign in'],
      ['/signup', 'Sign Up'],
    ] as const) {
      const html = await (await request.get(address)).text();
      expect(html).toContain(text);
      // Pressed before the app runs, the form would go out as a plain browser submission.
      expect(html).toMatch(/<main[\s\S]*<fieldset disabled=""/);
    }

    const problems: string[] = [];
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/login');
    await fillLogin(page, demoAccounts.buyer, demoPassword);
    await expect(page.getByText(messages.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL('/');
    // Hydration that failed to match would have been reported here.
    expect(problems).toEqual([]);
  });

  test('signing in returns the visitor to the page they asked for', async ({ page }) => {
    await page.goto('/dashboard/myOrders');
    await expect(page).toHaveURL('/login');

    await fillLogin(page, demoAccounts.buyer, demoPassword);
    await expect(page.getByText(messages.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL('/dashboard/myOrders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  });

  test('a buyer opening an admin page lands on the login page', async ({ page }) => {
    await signIn(page, demoAccounts.buyer);
    await page.goto('/dashboard/allSellers');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Checking your account' })).toHaveCount(0);
  });

  test('an unreachable server ends on the login page, not an endless spinner', async ({ page }) => {
    // Signed in, so the app has a session to check when the page loads again.
    await signIn(page, demoAccounts.buyer);
    await page.route('**/api/me', (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard');
    await expect(page.getByRole('status', { name: 'Checking your account' })).toBeVisible();
    // Three retries with back-off take about seven seconds.
    await expect(page).toHaveURL('/login', { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  });

  test('an admin sees the moderation menu', async ({ page }) => {
    await signIn(page, demoAccounts.admin);
    await page.goto('/dashboard/allSellers');
    await expect(page.getByRole('heading', { level: 1, name: 'All Sellers' })).toBeVisible();
    const menu = dashboardMenu(page);
    for (const name of ['All Sellers', 'All Buyers', 'Reported Items', 'Activity']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
  });

  test('logout returns to the login page and hides the dashboard link', async ({ page }) => {
    await signIn(page, demoAccounts.seller);
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await expect(mainNav.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(mainNav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    // The session is gone on the server too, not only in this tab.
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
  });

  test('a wrong password is explained and the form stays usable', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, demoAccounts.buyer, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
    const submit = page.getByRole('button', { name: 'Login', exact: true });
    await expect(submit).toBeEnabled();

    await page.getByLabel('Password').fill(demoPassword);
    await submit.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('an email that is already registered is refused', async ({ page }) => {
    await page.goto('/signup');
    await fillSignUp(page, {
      name: 'Copy Cat',
      email: demoAccounts.buyer,
      role: 'Buy',
      password: 'long-enough-3',
    });
    await expect(page.getByText(messages.emailTaken)).toBeVisible();
    await expect(page).toHaveURL('/signup');
    await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeEnabled();
  });

  test('a confirmation that differs from the password is refused', async ({ page }) => {
    await page.goto('/signup');
    await fillSignUp(page, {
      name: 'Typo Tom',
      email: uniqueEmail('typo'),
      role: 'Buy',
      password: 'long-enough-4',
      confirmPassword: 'long-enough-5',
    });
    await expect(page.getByText(messages.passwordMismatch)).toBeVisible();
    await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/signup');
  });

  test('empty sign-in fields are required', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(messages.required)).toHaveCount(2);
  });
});
