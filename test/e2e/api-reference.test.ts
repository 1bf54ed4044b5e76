import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type TestKairo } from '../support/kairo.ts';
import { powerRide } from '../support/recordings.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/**
 * The API reference page in a real browser (issue 31, ADR 0079): reached from Settings → API
 * access, it renders /api/openapi.json from Kairo's own bundle (the console is checked: a font or
 * script from anywhere else would be a CSP error), and a call tried there carries the pasted token
 * and not the browser's session: GET /api/activities answers 200, a session-only route 403.
 */
describe.skipIf(!hasChromium)('the API reference page', () => {
  // The 403 is the session-only token list tried with a token, on purpose.
  const session = useKairoInBrowser([
    { status: 401, path: '/api/auth/user' },
    { status: 403, path: '/api/api-tokens' },
  ]);
  let server: TestKairo;
  let page: Page;
  let token = '';
  /** Every URL the page asks for from the moment the reference opens: all must be Kairo's own. */
  const requested: string[] = [];
  beforeAll(() => {
    ({ server, page } = session);
    page.on('request', (request) => requested.push(request.url()));
  });
  /** One operation's block, by method and path as the OpenAPI document writes them. */
  const operation = (method: string, path: string): Locator =>
    page.locator(`.opblock.opblock-${method}`).filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
  const tryOperation = async (block: Locator) => {
    await block.locator('.opblock-summary').first().click();
    await block.getByRole('button', { name: 'Execute' }).click();
    return block.locator('.live-responses-table tbody .response-col_status').first();
  };

  it('makes a read token on API access and opens the reference from there', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Grace', lastName: 'Curl', email: uniqueEmail('e2e-reference') });
    await page.getByRole('button', { name: 'or import your own files' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import activities' });
    await importDialog.locator('input[type="file"]').setInputFiles({ name: 'ride.fit', mimeType: 'application/octet-stream', buffer: powerRide().bytes });
    await importDialog.getByText(/^Imported: /).waitFor();
    await page.keyboard.press('Escape');

    await session.sidebar().getByRole('link', { name: 'API access' }).click();
    await page.getByRole('heading', { name: 'API access', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New token' }).click();
    const create = page.getByRole('dialog', { name: 'New API token' });
    await create.getByLabel('Name').fill('Reference page');
    await create.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new token' });
    token = await shown.getByTestId('new-api-token').inputValue();
    expect(token).toMatch(/^kairo_pat_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });

    requested.length = 0;
    await session.main().getByRole('link', { name: 'API reference' }).click();
    await page.getByRole('heading', { name: 'API reference', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/api/reference');
    await operation('get', '/api/activities').waitFor();
    // Each operation says the scope a token needs, from the document's description line.
    await operation('get', '/api/activities').locator('.opblock-summary').first().click();
    await operation('get', '/api/activities').getByText('API token scope: read.').waitFor();
    await operation('get', '/api/activities').locator('.opblock-summary').first().click();
    await operation('get', '/api/activities').getByText('API token scope: read.').waitFor({ state: 'hidden' });
    await shootDesktopAndPhone(page, 'api-reference');
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !url.startsWith('data:') && new URL(url).origin !== new URL(server.url).origin)).toEqual([]);
  }, 150_000);

  it('says so when what is pasted is not a Kairo token', async () => {
    const field = page.getByLabel('API token');
    await field.fill('ghp_not-a-kairo-token');
    await page.getByText('A Kairo token starts with kairo_pat_').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('');
  });

  it('tries GET /api/activities with the pasted token and shows the 200 answer', async () => {
    await page.getByLabel('API token').fill(token);
    const activities = operation('get', '/api/activities');
    const status = await tryOperation(activities);
    await expect.poll(() => status.innerText()).toBe('200');
    const answer = await activities.locator('.live-responses-table tbody .response-col_description').first().innerText();
    expect(answer).toContain('"id"');
    // The request shown is the one sent: the token in the header.
    expect(await activities.locator('.curl-command').innerText()).toContain(`Authorization: Bearer ${token}`);
    await shootDesktopAndPhone(page, 'api-reference-tried');
  });

  it('sends no session cookie: a session-only route answers the token with 403', async () => {
    const status = await tryOperation(operation('get', '/api/api-tokens'));
    await expect.poll(() => status.innerText()).toBe('403');
    await expect
      .poll(() => operation('get', '/api/api-tokens').locator('.live-responses-table tbody .response-col_description').first().innerText())
      .toContain('signed-in browser only');
  });

  it('the token shows its use on API access, and once revoked it stops working', async () => {
    await page.getByRole('link', { name: 'API access' }).first().click();
    await page.getByRole('heading', { name: 'API access', level: 1 }).waitFor();
    // The list as the server has it now, not as it was cached before the calls.
    await page.reload();
    const row = page.getByRole('listitem').filter({ hasText: 'Reference page' });
    await row.waitFor();
    expect(await row.innerText()).not.toMatch(/Last used\s*Never/);
    await page.getByRole('button', { name: 'Revoke Reference page' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “Reference page”?' });
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('No tokens yet.').waitFor();
    const after = await fetch(new URL('/api/activities', server.url), { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
  });
});
