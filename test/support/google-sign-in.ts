import { expect } from 'vitest';
import { createClient, type TestClient, type TestResponse } from './http-client.ts';

/**
 * Drives "Continue with Google" against the fake OpenID provider the way a browser does: Kairo's
 * redirect, the provider's sign-in page, its form, and the redirect back to Kairo's callback.
 */
export interface ChosenIdentity {
  email?: string;
  givenName?: string;
  familyName?: string;
  /** Leaving the page's checkbox unticked makes the provider report email_verified=false. */
  emailVerified?: boolean;
}

/** Starts sign-in in this browser; returns the provider's authorization URL Kairo redirected to. */
export async function startGoogleSignIn(browser: TestClient): Promise<URL> {
  const start = await browser.get('/api/auth/google');
  expect(start.status).toBe(302);
  return new URL(start.headers.get('location')!);
}

/** Signs in on the provider's page and returns the callback URL the provider redirects back to. */
export async function approveAtProvider(authorizationUrl: URL, choice: ChosenIdentity = {}): Promise<URL> {
  const provider = createClient(authorizationUrl.origin);
  const page = await provider.get(pathOf(authorizationUrl));
  expect(page.status).toBe(200);
  const approval = await submitSignInForm(provider, page, choice);
  expect(approval.status).toBe(303);
  return new URL(approval.headers.get('location')!);
}

/** The whole round trip; `landing` is Kairo's answer to the callback. */
export async function signInWithGoogle(browser: TestClient, choice: ChosenIdentity = {}) {
  const callback = await approveAtProvider(await startGoogleSignIn(browser), choice);
  return { callback, landing: await browser.get(pathOf(callback)) };
}

/** Posts the page's form as a browser would: every field as rendered, a checkbox only when ticked. */
export async function submitSignInForm(provider: TestClient, page: TestResponse, choice: ChosenIdentity = {}) {
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1];
  expect(action, 'the sign-in page has a form').toBeDefined();
  const form = new URLSearchParams();
  for (const [, attributeText = ''] of page.text.matchAll(/<input ([^>]*)>/g)) {
    const attributes = new Map([...attributeText.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name = '', value = '']) => [name, unescapeHtml(value)]));
    if (attributes.get('type') === 'checkbox' && !attributes.has('checked')) continue;
    form.set(attributes.get('name') ?? '', attributes.get('value') ?? '');
  }
  if (choice.email !== undefined) form.set('email', choice.email);
  if (choice.givenName !== undefined) form.set('given_name', choice.givenName);
  if (choice.familyName !== undefined) form.set('family_name', choice.familyName);
  if (choice.emailVerified === false) form.delete('email_verified');
  return provider.post(unescapeHtml(action!), undefined, {
    rawBody: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export function pathOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

function unescapeHtml(text: string): string {
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);
}
