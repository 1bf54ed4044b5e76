import type { PlanEdit } from '../../../shared/api/plan-edits.ts';

/** What the edit dialog hands each edit's form. */
export interface EditFormHandlers {
  /** The day edited. */
  date: string;
  onCancel: () => void;
  onSave: (edit: PlanEdit) => void;
  pending: boolean;
  /** The server's refusal of the last try, or null. */
  error: unknown;
}
