import type { EditFocus, EditSport } from '../../../shared/api/plan-edits.ts';

/** Words for the plan editor's choices (issue 30). */

export const SPORT_LABELS: Record<EditSport, string> = { cycling: 'Ride', running: 'Run' };

export const FOCUS_LABELS: Record<EditFocus, string> = {
  recovery: 'Recovery',
  endurance: 'Endurance',
  tempo: 'Tempo',
  threshold: 'Threshold',
  vo2max: 'VO2max',
  long: 'Long',
};
