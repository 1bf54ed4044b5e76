import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { webDistDir } from '../../../src/server/http/spa.ts';
import { testDatabaseKinds } from '../../support/databases.ts';
import { startTestKairo, type TestKairo } from '../../support/kairo.ts';
import { collectBrowserErrors, launchBrowser, type ExpectedResponseError } from './browser.ts';

export interface KairoInBrowser {
  server: TestKairo;
  page: Page;
  /** An absolute URL on the server under test. */
  at(path: string): string;
  /** The page's main landmark. */
  main(): Locator;
  /** The signed-in sidebar (hidden below the md breakpoint). */
  sidebar(): Locator;
}

/**
 * The browser tests' database: PostgreSQL where it is reachable (CI requires it), else PGlite.
 * PGlite runs inside the test's own process, beside the server and the test: on a 2-core machine
 * that one thread was most of a browser test's time. The integration tests cover both databases.
 */
async function browserTestDatabase() {
  return (await testDatabaseKinds()).includes('postgres') ? 'postgres' : 'pglite';
}

/**
 * For one describe block: the real server (demo mode, PostgreSQL or PGlite, plus any `env` settings) and one
 * desktop-sized page in Chromium; after every test the page's console must have shown no error
 * but the `expected` ones. The returned object is filled in by the time the block's own hooks and
 * tests run.
 */
export function useKairoInBrowser(expected: readonly ExpectedResponseError[], env: Record<string, string> = {}): KairoInBrowser {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let errors: string[] = [];
  const session = {
    at: (path: string) => new URL(path, session.server.url).href,
    main: () => session.page.getByRole('main'),
    sidebar: () => session.page.getByRole('complementary', { name: 'Sidebar' }),
  } as KairoInBrowser;

  beforeAll(async () => {
    if (!existsSync(join(webDistDir, 'index.html'))) {
      throw new Error('dist/web is not built: run `npm run build` first (npm test does it for you).');
    }
    session.server = await startTestKairo(await browserTestDatabase(), env);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    session.page = await context.newPage();
    errors = collectBrowserErrors(session.page, expected);
  });

  afterEach(() => {
    expect(errors.splice(0), 'browser console errors').toEqual([]);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await session.server?.close();
  });

  return session;
}
