/** The landing feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { showStaticLanding, STATIC_LANDING_ID, type AppStarter } from './static-landing.ts';
