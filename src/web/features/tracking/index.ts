/** The tracking feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { trackButtonInteraction } from './api/track-button-interaction.ts';
export { trackPageView } from './api/track-page-view.ts';
export { useTrackPageView } from './api/use-track-page-view.ts';
export { trackUserEvent } from './api/track-user-event.ts';
