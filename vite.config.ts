import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress.ts';
import { prerenderLandingPlugin } from './scripts/prerender-landing.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The Kairo API server `npm run dev` proxies to; it also serves the built app in production. */
const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  root: fromRoot('./src/web'),
  plugins: [react(), tailwindcss(), prerenderLandingPlugin(), precompressPlugin()],
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
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
