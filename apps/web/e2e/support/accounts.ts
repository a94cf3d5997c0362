import { expect, type Page } from '@playwright/test';

/** Seeded when the server starts with SEED_DEMO=true. */
export const demoPassword = 'furniture123';
export const demoAccounts = {
  buyer: 'buyer@furnituremart.test',
  seller: 'seller@furnituremart.test',
  admin: 'admin@furnituremart.test',
} as const;

let counter = 0;

/** An address no earlier test (or earlier run against the same data) has used. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs in through the login page and waits until the app knows the session. */
export async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

interface SignUpDetails {
  name: string;
  email: string;
  role: 'Buy' | 'Sell';
  password: string;
  confirmPassword?: string;
}

export async function fillSignUp(page: Page, details: SignUpDetails): Promise<void> {
  await page.getByLabel('Full name').fill(details.name);
  await page.getByLabel('Email').fill(details.email);
  await page.getByRole('radio', { name: details.role, exact: true }).check();
  await page.getByLabel('Password', { exact: true }).fill(details.password);
  await page.getByLabel('Confirm password').fill(details.confirmPassword ?? details.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}
