/** The landing feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { LandingScreen } from './landing-screen.tsx';
