/** The plans feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { useTrainingPlans } from './api/training-plans.ts';
export { guessActivityKind } from './kind-guess.ts';
export { PlanDialog } from './plan-dialog.tsx';
export { prefillFromEvent, prefillFromGoal, type PlanDraft } from './plan-prefill.ts';
export { BAND_CLASSES, BAND_LABELS, sessionName, STATUS_LABELS } from './compliance-labels.ts';
