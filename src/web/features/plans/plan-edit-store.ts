/**
 * The outcome of the athlete's last edit of a plan (issue 30), outside React so the calendar's
 * drop, a menu's Delete and the edit dialogs all raise the same banner: "Moved … · Undo", or why
 * the plan could not be changed. One at a time, the newest replacing the one before, until the
 * athlete undoes or dismisses it.
 */
export type PlanEditNotice =
  | {
      tone: 'done';
      planId: string;
      /** The adjustment the edit was stored as: Undo undoes it. */
      adjustmentId: string;
      /** What was done, in words: 'Moved Cycling · threshold to Thu, Dec 3'. */
      text: string;
    }
  | { tone: 'error'; text: string };

let notice: PlanEditNotice | null = null;
const listeners = new Set<() => void>();

function publish(next: PlanEditNotice | null): void {
  notice = next;
  for (const listener of listeners) listener();
}

export const showPlanEditNotice = (done: { planId: string; adjustmentId: string; text: string }): void => publish({ tone: 'done', ...done });
export const showPlanEditFailure = (text: string): void => publish({ tone: 'error', text });
export const dismissPlanEditNotice = (): void => publish(null);
export const getPlanEditNotice = (): PlanEditNotice | null => notice;

export function subscribeToPlanEditNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
