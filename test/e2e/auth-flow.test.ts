import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { takeConfirmationToken, uniqueEmail, type TestKairo } from '../support/kairo.ts';
import { hasChromium } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';
import { submitSignIn, openConfirmationLink } from './support/accounts.ts';

/**
 * One athlete's way through the account screens in a real browser against the real server:
 * sign up, sign out, a wrong password, sign in, a password reset from the e-mailed link, a
 * confirmation link opened while signed in to another account, an unknown path, and the navigation on a phone-sized screen. Steps run in order on one page.
 */
describe.skipIf(!hasChromium)('account screens in the browser', () => {
  // Signed out, the session check answers 401; one step enters a wrong password on purpose.
  const session = useKairoInBrowser([
    { status: 401, path: '/api/auth/user' },
    { status: 401, path: '/api/auth/login' },
  ]);
  let server: TestKairo;
  let page: Page;
  beforeAll(() => {
    ({ server, page } = session);
  });

  const email = uniqueEmail('e2e');
  const firstPassword = 'correct horse battery';
  const newPassword = 'staple in the saddlebag';

  const at = session.at;
  const nextUserEvent = () =>
    page.waitForRequest((request) => request.method() === 'POST' && request.url() === at('/api/track/user-event'));
  const landingHeadline = () => page.getByRole('heading', { name: 'No more guesswork in your training.' });
  const welcome = () => page.getByRole('dialog', { name: 'Welcome, Ada!' });

  async function signIn(password: string) {
    await submitSignIn(page, email, password);
  }

  async function logOut() {
    await welcome().getByRole('button', { name: 'Log out' }).click();
    await landingHeadline().waitFor();
  }

  it('shows the landing page to a visitor and records the page view', async () => {
    const pageView = page.waitForRequest((request) => request.method() === 'POST' && request.url() === at('/api/track/page-view'));
    await page.goto(at('/'));
    await landingHeadline().waitFor();
    expect((await pageView).postDataJSON()).toEqual({ path: '/' });
    expect(await page.getByRole('link', { name: 'Get started with Google' }).first().getAttribute('href')).toBe('/api/auth/google');
  });

  it('registers and lands on Home, signed in, with the connect step', async () => {
    await page.getByRole('link', { name: 'Create account' }).first().click();
    await page.waitForURL(at('/register'));
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(firstPassword);
    const userEvent = nextUserEvent();
    await page.getByRole('button', { name: 'Create account' }).click();
    // The test server delivers mail: the page asks to confirm the address, and the link signs in.
    await openConfirmationLink(page, at, email);

    await page.waitForURL(at('/'));
    await welcome().waitFor();
    expect((await userEvent).postDataJSON()).toEqual({ eventType: 'user_action', eventName: 'register' });
    expect(await welcome().getByRole('link', { name: 'Connect with Strava' }).getAttribute('href')).toBe('/api/auth/strava');
  });

  it('logs out, refuses a wrong password with an alert, then signs in', async () => {
    await logOut();
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await page.waitForURL(at('/login'));

    await signIn('not my password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('Invalid email or password');

    const userEvent = nextUserEvent();
    await signIn(firstPassword);
    await page.waitForURL(at('/'));
    await welcome().waitFor();
    expect((await userEvent).postDataJSON()).toEqual({ eventType: 'user_action', eventName: 'login' });
  });

  it('resets a forgotten password from the e-mailed link', async () => {
    await logOut();
    await page.goto(at('/login'));
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(at('/forgot-password'));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account exists for that email address' }).waitFor();

    const mail = await server.mail.waitFor((message) => message.to.includes(email) && /Reset/.test(message.subject));
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link, 'reset link in the e-mail').toBeDefined();
    await page.goto(link!);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await page.waitForURL(at('/login'));
    const notice = page.getByRole('status').filter({ hasText: 'Your password has been reset' });
    await notice.waitFor();
    expect(await notice.innerText()).toBe('Your password has been reset. Sign in with your new password.');

    await signIn(newPassword);
    await page.waitForURL(at('/'));
    await welcome().waitFor();
  });

  it('signs in with Google through the OpenID provider (the bundled one, no keys)', async () => {
    await logOut();
    await page.goto(at('/login'));
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByText('Kairo development sign-in').first().waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('google'));
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(at('/'));
    await page.getByRole('dialog', { name: 'Welcome, Grace!' }).waitFor();
  });

  it("never confirms on opening a link, and asks a signed-in athlete to sign out before someone else's registration", async () => {
    const otherEmail = uniqueEmail('link');
    const registered = await fetch(at('/api/auth/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(at('/')).origin },
      body: JSON.stringify({ email: otherEmail, password: firstPassword, firstName: 'Mary', lastName: 'Somerville' }),
    });
    expect(registered.status).toBe(202);
    const token = await takeConfirmationToken(server.mail, otherEmail);
    const accounts = () => server.database.handle.query('select 1 from accounts where email = $1', [otherEmail]);
    const confirmButton = page.getByRole('button', { name: 'Confirm my e-mail address' });

    // Still signed in as Grace: the page says so, and neither confirms nor offers to.
    await page.goto(at(`/confirm-email?token=${token}`));
    await page.getByRole('alert').filter({ hasText: 'You are signed in as' }).waitFor();
    expect(await confirmButton.count()).toBe(0);
    expect(await accounts()).toHaveLength(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await confirmButton.waitFor();
    expect(await accounts()).toHaveLength(0);
    await confirmButton.click();
    await page.waitForURL(at('/'));
    await page.getByRole('dialog', { name: 'Welcome, Mary!' }).waitFor();
    expect(await accounts()).toHaveLength(1);
  });

  it('shows the not-found screen for a path the router does not know', async () => {
    await page.goto(at('/no/such/page'));
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?', { exact: true }).isVisible()).toBe(true);
  });

  it('shows tab labels and the wordmark when wide, icons and the short mark when narrow', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const home = page.getByRole('link', { name: 'Kairo home' });
    const labels = ['Activities', 'Training plan', 'Profile'];

    await page.goto(at('/profile'));
    await nav.waitFor();
    for (const label of labels) expect(await nav.getByText(label, { exact: true }).isVisible(), label).toBe(true);
    expect(await home.getByText('Kairo', { exact: true }).isVisible()).toBe(true);
    expect(await home.getByText('K', { exact: true }).isVisible()).toBe(false);

    await page.setViewportSize({ width: 375, height: 812 });
    for (const label of labels) {
      expect(await nav.getByRole('link', { name: label }).isVisible(), `${label} tab`).toBe(true);
      expect(await nav.getByText(label, { exact: true }).isVisible(), `${label} label`).toBe(false);
    }
    expect(await home.getByText('K', { exact: true }).isVisible()).toBe(true);
    expect(await home.getByText('Kairo', { exact: true }).isVisible()).toBe(false);
  });
});
