/** The shell feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { AppLayout } from './app-layout.tsx';
export { AppSidebar } from './app-sidebar.tsx';
export { SimplePage } from './simple-page.tsx';
