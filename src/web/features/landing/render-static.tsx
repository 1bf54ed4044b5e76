import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { LandingScreen } from './landing-screen.tsx';

/**
 * The landing page as HTML, written into index.html at build time (scripts/prerender-landing.ts,
 * ADR 0054): one source for the page a visitor gets first and the screen the app shows at / after
 * signing out. Effects do not run here; the page view is recorded by static-landing.ts.
 */
export function renderLandingMarkup(): string {
  return renderToStaticMarkup(
    <Router ssrPath="/">
      <LandingScreen contourLines="deferred" />
    </Router>,
  );
}
