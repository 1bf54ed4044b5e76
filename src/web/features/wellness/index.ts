/** The wellness feature's public face (ADR 0045): the readiness card for Home and the activity page's feel control. */
export { ActivityFeelControl } from './activity-feel-control.tsx';
export { ReadinessCard } from './readiness-card.tsx';
