/** The billing feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { PhonePlanNotice } from './phone-plan-notice.tsx';
export { TrialNotice } from './trial-notice.tsx';
export { useProAccess } from './use-pro-access.ts';
