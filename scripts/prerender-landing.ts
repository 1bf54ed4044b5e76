import { createServer, type Plugin, type ViteDevServer } from 'vite';

/** Where index.html takes the landing page's markup. */
const LANDING_MARKER = '<!--kairo:landing-->';
/** The module, under the web root, that renders the landing page to HTML. */
const RENDER_MODULE = '/features/landing/render-static.tsx';

interface RenderModule {
  renderLandingMarkup(): string;
}

/**
 * Writes the landing page, rendered with React at build time, into index.html (ADR 0054), so a
 * signed-out visitor at / sees it without loading React. In `vite dev` the dev server renders it
 * on each request of the page; in a build a short-lived server in middleware mode does.
 */
export function prerenderLandingPlugin(): Plugin {
  let root = '';
  return {
    name: 'kairo-prerender-landing',
    configResolved(config) {
      root = config.root;
    },
    async transformIndexHtml(html, context) {
      if (!html.includes(LANDING_MARKER)) throw new Error(`index.html has no ${LANDING_MARKER} for the landing page`);
      const markup = context.server ? await renderWith(context.server) : await renderInBuild(root);
      return html.replace(LANDING_MARKER, markup);
    },
  };
}

async function renderWith(server: ViteDevServer): Promise<string> {
  const module = (await server.ssrLoadModule(RENDER_MODULE)) as RenderModule;
  return module.renderLandingMarkup();
}

async function renderInBuild(root: string): Promise<string> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  try {
    return await renderWith(server);
  } finally {
    await server.close();
  }
}
