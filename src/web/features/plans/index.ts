/** The plans feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { useTrainingPlans } from './api/training-plans.ts';
export { guessActivityKind } from './kind-guess.ts';
export { PlanDialog } from './plan-dialog.tsx';
export { prefillFromEvent, prefillFromGoal, type PlanDraft } from './plan-prefill.ts';
export { BAND_CLASSES, BAND_LABELS, sessionName, STATUS_LABELS } from './compliance-labels.ts';
export { AddSessionButton } from './add-session-button.tsx';
export { usePlanEdit } from './api/plan-edits.ts';
export { PlanEditBanner } from './plan-edit-banner.tsx';
export { SessionEditMenu } from './session-edit-menu.tsx';
export { editedSession, type EditedSession } from './session-edit-text.ts';
