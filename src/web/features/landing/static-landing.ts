import { trackPageView } from '../tracking/index.ts';
import { drawContourLines } from './contour-layers.ts';

/** The element of index.html holding the landing page's markup, rendered at build time (ADR 0054). */
export const STATIC_LANDING_ID = 'landing';

/** How the static landing page hands over to the app. */
export interface AppStarter {
  /** Starts fetching the app's code without running it. */
  preload(): void;
  /** Runs the app at the current URL; the landing page leaves once the app is there. */
  start(): void;
}

/**
 * Shows the landing page that the build rendered into index.html, with no React on the page
 * (ADR 0054): it draws the backdrop's lines, records the page view as the React screen does, and
 * a link into the app (Sign in, Create account) starts the app at that path, as an in-app link
 * would, rather than loading the page again. Pointing at or focusing such a link fetches the app
 * early. Links that leave the app (Google sign-in, under /api/) navigate as usual.
 */
export function showStaticLanding(landing: HTMLElement, app: AppStarter): void {
  drawContourLines(landing);
  landing.hidden = false;
  trackPageView({ path: '/' });

  landing.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = appLinkAt(event.target);
    if (!link) return;
    event.preventDefault();
    history.pushState(null, '', `${link.pathname}${link.search}${link.hash}`);
    app.start();
  });
  const preloadAtAppLink = (event: Event) => {
    if (appLinkAt(event.target)) app.preload();
  };
  landing.addEventListener('pointerover', preloadAtAppLink);
  landing.addEventListener('focusin', preloadAtAppLink);
}

/** The link at an event's target when it leads to a screen of the app on this origin. */
function appLinkAt(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest('a') : null;
  if (!link || link.origin !== window.location.origin || link.pathname.startsWith('/api/')) return null;
  if ((link.target !== '' && link.target !== '_self') || link.hasAttribute('download')) return null;
  return link;
}
