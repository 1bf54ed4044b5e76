import type { Page } from 'playwright-core';

/** The password the browser tests sign up with: long enough, and not on the common-password list. */
export const E2E_PASSWORD = 'correct horse battery';

export interface NewAthlete {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
}

/**
 * Opens /register, fills the form in as a person would and presses Create account. What follows
 * (the welcome dialog, the connect step, an error) is for the test to check.
 */
export async function signUpInBrowser(page: Page, at: (path: string) => string, athlete: NewAthlete): Promise<void> {
  await page.goto(at('/register'));
  await page.getByLabel('First name').fill(athlete.firstName);
  await page.getByLabel('Last name').fill(athlete.lastName);
  await page.getByLabel('Email').fill(athlete.email);
  await page.getByLabel('Password').fill(athlete.password ?? E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Fills the sign-in form already on the page and presses Sign in; where it leads is for the test to check. */
export async function submitSignIn(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * A fresh session: the cookies go, the athlete signs in again at /login and lands on Home. A new
 * session reads the account as stored now (a live one may keep its cached account a few seconds).
 */
export async function signInAfresh(page: Page, at: (path: string) => string, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.context().clearCookies();
  await page.goto(at('/login'));
  await submitSignIn(page, email, password);
  await page.waitForURL(at('/'));
}
