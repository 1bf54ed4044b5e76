import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress.ts';
import { prerenderLandingPlugin } from './scripts/prerender-landing.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The Kairo API server `npm run dev` proxies to; it also serves the built app in production. */
const apiServer = 'http://127.0.0.1:3000';

/**
 * Libraries the first signed-in screen runs: React, the query library, the router, zod, lucide's
 * icon base, clsx and the few Radix primitives behind the Units switch. Not Radix's menu, dialog,
 * toast or positioning code, which load on use (ADR 0054), nor the icons (each screen has its own).
 */
const firstScreenLibrary =
  /[\\/]node_modules[\\/]((react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](query-core|react-query)|wouter|regexparam|mitt|zod|clsx|@radix-ui[\\/](react-slot|react-compose-refs|react-context|primitive|react-primitive|react-use-controllable-state|react-use-effect-event|react-use-layout-effect|react-use-size|react-use-previous|react-switch))[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](shared[\\/]|(Icon|createLucideIcon|context)\.mjs$))/;
/** Parts of those libraries nothing on the first screen uses. */
const notOnFirstScreen = /(with-selector(\.production)?|[\\/]queriesObserver|[\\/]useQueries)\.js$/;
/**
 * Kairo's own small UI pieces that Home shows at once (buttons, alerts, tooltips, the switch). Not
 * the ones with an import() inside (dialog, sheet, menu, toaster): a group takes a module's imports
 * with it, and Vite's preload helper in this chunk would make the landing page's entry load it.
 */
const firstScreenUi =
  /[\\/]src[\\/]web[\\/]ui[\\/](alert|button|button-classes|disabled-hint|dropdown-menu-item|icon-button|kairo-logo|quiet-dialog-link|skeleton|spinner|switch|text-area|tooltip|toast-store)\.tsx?$/;

/**
 * One chunk for the code every signed-in screen starts with (issue 29). Left to itself the bundler
 * splits it into dozens of small chunks, one per set of lazy screens and dialogs sharing a module;
 * each is compressed on its own, so the first signed-in screen paid about 9 kB of brotli for the
 * split alone. Lazy chunks import from this one, which a signed-in athlete has already loaded.
 */
const isFirstScreenModule = (id: string) => (firstScreenLibrary.test(id) && !notOnFirstScreen.test(id)) || firstScreenUi.test(id);

export default defineConfig({
  root: fromRoot('./src/web'),
  plugins: [react(), tailwindcss(), prerenderLandingPlugin(), precompressPlugin()],
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'first-screen', test: isFirstScreenModule }] } },
    },
  },
  server: {
    // The Host header is kept (no changeOrigin) so the server's Origin check sees the dev origin.
    proxy: {
      '/api': apiServer,
      '/healthz': apiServer,
      '/readyz': apiServer,
      '/dev': apiServer,
    },
  },
});
