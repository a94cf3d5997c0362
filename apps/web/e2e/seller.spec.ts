import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { messages, sellerMessages } from '@furniture-mart/shared';
import { demoAccounts, fillSignUp, signIn, uniqueEmail } from './support/accounts';
import { screenshotBothWidths } from './support/screenshots';

/** A small JPEG in one colour, as a file chooser would hand it over. */
async function photo(name: string, background: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

function myProductRow(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByText(title, { exact: true }) });
}

test.describe('seller tools', () => {
  test('the add-product form explains what is missing', async ({ page }) => {
    await signIn(page, demoAccounts.seller);
    await page.goto('/dashboard/addProduct');
    await expect(page.getByRole('heading', { level: 1, name: 'Add A Product' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(demoAccounts.seller);
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
    // Selects start on a placeholder that is not a value.
    await expect(page.getByLabel('Division')).toHaveValue('');
    await expect(page.getByLabel('District')).toBeDisabled();
    await expect(page.getByLabel('Condition')).toHaveValue('');

    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(messages.required).first()).toBeVisible();
    await expect(page.getByText(messages.enterDescription)).toBeVisible();
    // Product name, phone, both prices, years, location, condition, category and photos.
    await expect(page.getByText(messages.required, { exact: true })).toHaveCount(9);

    await page.getByLabel(/Selling price/).fill('12.345');
    await page.getByLabel('Years used').fill('1.5');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(messages.invalidPrice)).toBeVisible();
    await expect(page.getByText(messages.invalidYears)).toBeVisible();
    await screenshotBothWidths(page, 'add-product-errors');
  });

  test('a seller adds a product with two photos, advertises it and deletes it', async ({ page }) => {
    const title = `Teak rocking chair ${Date.now()}`;
    await signIn(page, demoAccounts.seller);
    await page.goto('/dashboard/addProduct');

    await page.getByLabel('Product name').fill(title);
    await page.getByLabel('Phone').fill('+880 1711 555666');
    await page.getByLabel(/Purchase price/).fill('320');
    await page.getByLabel(/Selling price/).fill('145.50');
    await page.getByLabel('Years used').fill('2');
    await page.getByLabel('Division').selectOption('Sylhet');
    await page.getByLabel('District').selectOption({ label: 'Sylhet' });
    await page.getByLabel('Condition').selectOption('excellent');
    await page.getByLabel('Category').selectOption({ label: 'Kitchen' });
    // A size, when given, is whole: width, depth and height.
    await page.getByLabel('Width (cm)').fill('60');
    await page.getByLabel('Depth (cm)').fill('45');
    await page.getByLabel('Height (cm)').fill('90');
    await page
      .getByLabel('Description')
      .fill('Solid teak rocker with a woven seat; smooth rocking, no wobble.');

    // Uploads held back briefly, so their progress bars can be seen.
    await page.route('**/api/uploads/images', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // Three chosen, one removed before submitting: two remain, the first is the cover.
    await page
      .getByLabel('Photos', { exact: true })
      .setInputFiles([
        await photo('front.jpg', '#8b5a2b'),
        await photo('side.jpg', '#556b2f'),
        await photo('oops.jpg', '#999999'),
      ]);
    const chosen = page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem');
    await expect(chosen).toHaveCount(3);
    await expect(page.getByRole('img', { name: /Preview of photo 1 \(front\.jpg\)/ })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Uploading photo 2 (side.jpg)' })).toBeVisible();
    // Submitting now would send no photos: the form says to wait instead.
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(sellerMessages.photosUploading)).toBeVisible();
    await page.getByRole('button', { name: 'Remove photo 3 (oops.jpg)' }).click();
    await expect(chosen).toHaveCount(2);
    await expect(chosen.getByText('Uploaded')).toHaveCount(2);
    await expect(page.getByText(sellerMessages.photosUploading)).toHaveCount(0);
    await page.unroute('**/api/uploads/images');
    await expect(chosen.first().getByText('Cover')).toBeVisible();
    await screenshotBothWidths(page, 'add-product');

    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(messages.productAdded)).toBeVisible();
    await expect(page).toHaveURL('/dashboard/myProducts');
    await expect(page.getByRole('heading', { level: 1, name: 'My Products' })).toBeVisible();

    const row = myProductRow(page, title);
    await expect(row).toBeVisible();
    await expect(row.getByText('available').filter({ visible: true })).toBeVisible();
    await expect(row.getByText('$145.50').filter({ visible: true })).toBeVisible();
    await expect(row.locator('img')).toHaveAttribute('src', /\/media\/uploads\/[0-9a-f-]{36}-thumb\.webp$/);

    await row.getByRole('button', { name: `Advertise ${title}` }).click();
    await expect(page.getByText(messages.productAdvertised)).toBeVisible();
    await expect(row.getByText('advertised', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Advertise ${title}` })).toHaveCount(0);
    await screenshotBothWidths(page, 'my-products');

    await page.goto('/');
    const popular = page.getByRole('region', { name: 'Popular furniture' });
    await expect(popular.getByRole('heading', { name: title })).toBeVisible();
    await page.goto('/categories/kitchen');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    await page.goto('/dashboard/myProducts');
    await myProductRow(page, title)
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(messages.confirmDeleteProduct);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(messages.productDeleted)).toBeVisible();
    await expect(myProductRow(page, title)).toHaveCount(0);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    await page.goto('/categories/kitchen');
    await expect(page.getByRole('heading', { level: 1, name: 'Kitchen' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  });

  test('a new seller sees an empty product list', async ({ page }) => {
    await page.goto('/signup');
    await fillSignUp(page, {
      name: 'Empty Shelf Seller',
      email: uniqueEmail('empty'),
      role: 'Sell',
      password: 'long-enough-3',
    });
    await expect(page).toHaveURL('/');
    await page.goto('/dashboard/myProducts');
    await expect(page.getByText(messages.noData)).toBeVisible();
  });
});
