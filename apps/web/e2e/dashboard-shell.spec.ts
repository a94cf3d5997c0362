import { expect, test } from '@playwright/test';

// The dashboard is rendered in the browser; before its script runs, the page already shows the
// layout and skeletons (the shell the build renders ahead), and nothing private.
test.describe('dashboard shell without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const address of ['/dashboard', '/dashboard/myOrders', '/dashboard/orders/123']) {
    test(`${address} shows the layout and a skeleton`, async ({ page }) => {
      const response = await page.goto(address);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('banner').getByText('Furniture Mart')).toBeVisible();
      const loading = page.getByRole('status', { name: 'Loading your dashboard' });
      await expect(loading).toBeVisible();
      expect(await loading.locator('.skeleton').count()).toBeGreaterThan(4);
      await expect(page.getByRole('contentinfo')).toContainText('© 2022 Furniture Mart');
    });
  }

  test('a public page rendered in the browser gets no dashboard shell', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('status', { name: 'Loading your dashboard' })).toHaveCount(0);
  });
});
