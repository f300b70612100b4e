import { expect, type Page } from '@playwright/test';

/**
 * After "Create account": sign-up signs nobody in and answers the same for a
 * new and a taken address (decision 0026), so the sign-in page says to check
 * the mail; signing in there opens the new account's welcome.
 */
export async function signInAfterSignUp(page: Page, email: string, password: string) {
  await expect(page).toHaveURL(/\/login\?signed-up=1&next=/);
  await expect(page.getByRole('main').getByRole('status')).toContainText('Check your e-mail');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account\?welcome=1$/);
}
