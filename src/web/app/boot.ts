import './styles.css';
import { showStaticLanding, STATIC_LANDING_ID } from '../features/landing/index.ts';
import { probeSession, takeSessionProbe } from '../lib/session-probe.ts';

/**
 * The page's entry (ADR 0054). At / a signed-out visitor gets the landing page that the build
 * rendered into index.html, with no React; the app (React and the screens) loads only for a
 * signed-in athlete, on any other path, or when the visitor follows a link into the app.
 */
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const appRoot = root;
const landing = document.getElementById(STATIC_LANDING_ID);

const importApp = () => import('./main.tsx');
let appModule: ReturnType<typeof importApp> | null = null;
const loadApp = () => (appModule ??= importApp());
let started = false;

/** Runs the app at the current URL. The landing page stays on screen until the app replaces it. */
function startApp(): void {
  if (started) return;
  started = true;
  loadApp().then(
    (app) => {
      landing?.remove();
      app.startApp(appRoot);
    },
    (error: unknown) => {
      // After a deploy the old chunk names are gone: a fresh load of this URL gets the new ones.
      console.error('The app could not be loaded:', error);
      if (landing?.isConnected) window.location.reload();
    },
  );
}

if (window.location.pathname === '/' && landing) {
  probeSession().then(
    (answer) => {
      if (answer.status !== 401) {
        startApp();
        return;
      }
      // Signed out: the app, if the visitor moves on into it, asks again then.
      takeSessionProbe();
      showStaticLanding(landing, { preload: () => void loadApp(), start: startApp });
    },
    // The app says what went wrong with the session check (it takes the failed answer).
    startApp,
  );
} else {
  startApp();
}
