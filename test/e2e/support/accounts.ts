import type { Page } from 'playwright-core';
import { mailSinkFor, takeConfirmationToken } from '../../support/kairo.ts';

/** The password the browser tests sign up with: long enough, and not on the common-password list. */
export const E2E_PASSWORD = 'correct horse battery';

export interface NewAthlete {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
}

/**
 * Opens /register, fills the form in as a person would and presses Create account; where the server
 * confirms addresses by mail (the test servers do), the page says "Check your email" and the person
 * opens the link from the mail and presses "Confirm my e-mail address", which signs them in and
 * goes on to Home. What follows (the welcome
 * dialog, the connect step, an error) is for the test to check.
 */
export async function signUpInBrowser(page: Page, at: (path: string) => string, athlete: NewAthlete): Promise<void> {
  await page.goto(at('/register'));
  await page.getByLabel('First name').fill(athlete.firstName);
  await page.getByLabel('Last name').fill(athlete.lastName);
  await page.getByLabel('Email').fill(athlete.email);
  await page.getByLabel('Password').fill(athlete.password ?? E2E_PASSWORD);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/register' && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Create account' }).click();
  if ((await answered).status() !== 202) return;
  await openConfirmationLink(page, at, athlete.email);
}

/**
 * After Create account was pressed on a server that confirms addresses by mail: the page says
 * "Check your email", and the person opens the link from the mail and presses "Confirm my e-mail
 * address", which signs them in and goes on to Home.
 */
export async function openConfirmationLink(page: Page, at: (path: string) => string, email: string): Promise<void> {
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  const sink = mailSinkFor(at('/'));
  if (!sink) throw new Error('the server asks for a confirmation by mail, and no mail sink is known for it');
  const token = await takeConfirmationToken(sink, email);
  await page.goto(at(`/confirm-email?token=${token}`));
  // Opening the link changes nothing: the person confirms with the button (ADR 0004).
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await page.waitForURL((url) => url.pathname !== '/confirm-email');
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
  // Leave the signed-in page first: its requests still in flight would meet the cleared session as 401s.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(at('/login'));
  await submitSignIn(page, email, password);
  await page.waitForURL(at('/'));
}

/** From the welcome screen of a new account: imports one activity file through the import dialog, as an athlete without Strava does, and closes it. */
export async function importFirstFile(page: Page, file: { name: string; buffer: Buffer | Uint8Array }): Promise<void> {
  await page.getByRole('button', { name: 'or import your own files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import activities' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: file.name, mimeType: 'application/octet-stream', buffer: Buffer.from(file.buffer) });
  await dialog.getByText(/^Imported: /).waitFor();
  await page.keyboard.press('Escape');
}
