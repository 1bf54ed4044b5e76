/** The status-pages feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { NotFoundScreen } from './not-found-screen.tsx';
