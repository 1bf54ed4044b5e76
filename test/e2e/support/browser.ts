import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type ConsoleMessage, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs; Playwright's own browser downloads are not used. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  console.warn(`Skipping browser tests: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium).`);
}

/** Flags for a headless run in a container: no sandbox, no GPU, nothing phoning home. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * What `npm run test:awkward -- --date …` adds to the browser's environment (libfaketime, moving
 * Chromium's clock with the servers'); nothing in a normal run.
 */
function browserEnv(): Record<string, string> | undefined {
  const extra = process.env.KAIRO_TEST_BROWSER_ENV;
  if (!extra) return undefined;
  return { ...(process.env as Record<string, string>), ...(JSON.parse(extra) as Record<string, string>) };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, env: browserEnv() });
}

/**
 * Rests the pointer on a tooltip's trigger until the tooltip named `name` shows. A hover is a single
 * pointer move: when the page still shifts or scrolls under the pointer at that moment (a busy
 * machine, a chart laying out), the tooltip closes again as it should, so the pointer leaves and
 * comes back, as a person's would.
 */
export async function hoverUntilTooltip(page: Page, trigger: Locator, name: string): Promise<void> {
  const tooltip = page.getByRole('tooltip', { name });
  for (let attempt = 1; ; attempt += 1) {
    await page.mouse.move(0, 0);
    await trigger.hover();
    try {
      await tooltip.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

/** An API answer a step of the test provokes on purpose, e.g. a wrong password's 401. */
export interface ExpectedResponseError {
  status: number;
  path: string;
}

/**
 * Chromium logs every 4xx/5xx answer as a console error ("Failed to load resource: …"). Those are
 * only accepted for the answers a test names; anything else on the console is a failure.
 */
function isExpectedResponseError(message: ConsoleMessage, expected: readonly ExpectedResponseError[]): boolean {
  const status = /^Failed to load resource: the server responded with a status of (\d{3})\b/.exec(message.text())?.[1];
  if (status === undefined) return false;
  const { pathname } = new URL(message.location().url);
  return expected.some((answer) => answer.status === Number(status) && answer.path === pathname);
}

/**
 * A toast, found by its text. Radix Toast gives role="status" only to a copy of it for screen
 * readers, which it removes after a second: a wait for that copy can miss it on a busy machine (the
 * fresh-clone CI did, twice). The toast itself stays in the Notifications region for its 5 s. Found
 * by CSS rather than by role, as an open dialog hides that region from the accessibility tree.
 * Without `exact`, any toast whose text holds `text`.
 */
export function toastOn(page: Page, text: string | RegExp, { exact = false }: { exact?: boolean } = {}): Locator {
  const toasts = page.locator('[role="region"][aria-label^="Notifications"] li');
  // Exact: a toast with a line (its title or its description) that is the whole text.
  return exact ? toasts.filter({ has: page.getByText(text, { exact: true }) }) : toasts.filter({ hasText: text });
}

/**
 * Collects console errors (CSP violations included) and uncaught page errors. Returns the live
 * list; a test asserts it is empty.
 */
export function collectBrowserErrors(page: Page, expected: readonly ExpectedResponseError[] = []): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || isExpectedResponseError(message, expected)) return;
    errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/**
 * With KAIRO_SCREENSHOTS_DIR set, saves the page full-length at desktop (1280 px) and phone
 * (375 px) width as `<name>-1280.png` and `<name>-375.png`, then returns to desktop width.
 * Without it, does nothing: the tests run the same either way.
 */
export async function shootDesktopAndPhone(page: Page, name: string): Promise<void> {
  const dir = process.env.KAIRO_SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await shootFullLength(page, join(dir, `${name}-1280.png`), 1280);
  await shootFullLength(page, join(dir, `${name}-375.png`), 375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * The app scrolls inside its main pane (the layout is one screen high), so a full-page screenshot
 * would show one screen of content over blank space: the viewport is made as tall as the longest
 * scrolling pane's content instead, then the screen is taken.
 */
async function shootFullLength(page: Page, path: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  const overflowPx = await page.evaluate(() =>
    Math.max(0, ...[...document.querySelectorAll<HTMLElement>('*')].map((element) => element.scrollHeight - element.clientHeight).filter((extra) => extra > 0)),
  );
  await page.setViewportSize({ width, height: Math.min(800 + overflowPx, 16_000) });
  await page.screenshot({ path });
}
