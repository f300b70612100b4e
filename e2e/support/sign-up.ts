import { expect, type Page } from '@playwright/test';
import { submitSignIn } from './sign-in';

/** The password of the accounts the specs sign up (the demo people have DEMO_PASSWORD). */
export const NEW_ACCOUNT_PASSWORD = 'correct horse battery';

/**
 * After "Create account": sign-up signs nobody in and answers the same for a
 * new and a taken address (decision 0026), so the sign-in page says to check
 * the mail; signing in there opens the new account's welcome.
 */
export async function signInAfterSignUp(page: Page, email: string, password = NEW_ACCOUNT_PASSWORD) {
  await expect(page).toHaveURL(/\/login\?signed-up=1&next=/);
  await expect(page.getByRole('main').getByRole('status')).toContainText('Check your e-mail');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/account\?welcome=1$/);
}

/** Signs a new person up through the sign-up page (a reseller ticks "I buy to resell"), then signs them in. */
export async function signUpAndSignIn(page: Page, person: { name: string; email: string; reseller?: boolean }) {
  await page.goto('/signup');
  await page.getByLabel('Your name').fill(person.name);
  await page.getByLabel('E-mail address').fill(person.email);
  await page.getByLabel('Password').fill(NEW_ACCOUNT_PASSWORD);
  if (person.reseller) await page.getByRole('radio', { name: /I buy to resell/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await signInAfterSignUp(page, person.email);
}
