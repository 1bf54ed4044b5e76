import type { SportFamily } from '../../../../metrics/training-load.ts';
import type { ComplianceBand, DayStatus } from '../../../../shared/api/plan-compliance.ts';
import type { FactOrigin, Provenanced } from '../../../ai/provenance.ts';
import type { PlanWeekCompliance } from '../../plans/index.ts';
import { calendarDay, count, duration, percent, quantity, score, type Quantity } from '../format.ts';

/**
 * Planned vs done in the activity's calendar week (ADR 0035), as facts: the week so far and each
 * of its sessions. Read from the athlete's activities, so their sources decide whether a prompt
 * may hold them (ADR 0007).
 */

export interface PlanSessionFacts {
  date: Quantity;
  /** As the plan names it, e.g. 'Cycling - threshold'. */
  name: string;
  family: SportFamily | null;
  status: DayStatus;
  band: ComplianceBand | null;
  planned: Quantity | null;
  plannedLoad: Quantity | null;
  done: Quantity | null;
  doneLoad: Quantity | null;
  durationPct: Quantity | null;
  loadPct: Quantity | null;
  /** The day it was done when that was not the planned day. */
  doneOn: Quantity | null;
}

export interface PlanComplianceFacts extends Provenanced {
  week: {
    planned: Quantity;
    /** Of the sessions whose day is over or that are done. */
    due: Quantity;
    done: Quantity;
    durationPct: Quantity | null;
    dueLoad: Quantity;
    doneLoad: Quantity | null;
    loadPct: Quantity | null;
    band: ComplianceBand | null;
    sessionsDue: Quantity;
    completed: Quantity;
    partial: Quantity;
    missed: Quantity;
    unplanned: Quantity | null;
  };
  sessions: PlanSessionFacts[];
}

const minutes = (value: number | null) => (value === null ? null : duration(value * 60));
const whole = (value: number) => quantity(value, String(value));
const orNull = <T>(value: number | null, make: (value: number) => T): T | null => (value === null ? null : make(value));

export function planComplianceFacts(compliance: PlanWeekCompliance | null | undefined): PlanComplianceFacts | null {
  if (!compliance) return null;
  const { week, sessions, sources } = compliance;
  const provenance: FactOrigin[] = sources.length > 0 ? sources : ['athlete'];
  return {
    provenance,
    week: {
      planned: duration(week.plannedMin * 60),
      due: duration(week.dueMin * 60),
      done: duration(week.doneMin * 60),
      durationPct: orNull(week.durationPct, percent),
      dueLoad: score(week.dueLoad),
      doneLoad: orNull(week.doneLoad, score),
      loadPct: orNull(week.loadPct, percent),
      band: week.band,
      sessionsDue: count(week.sessions.due, 'session'),
      completed: whole(week.sessions.completed),
      partial: whole(week.sessions.partial),
      missed: whole(week.sessions.missed),
      unplanned: week.unplannedMin > 0 ? duration(week.unplannedMin * 60) : null,
    },
    sessions: sessions.map((day) => ({
      date: calendarDay(day.date),
      name: day.planned!.name,
      family: day.planned!.sport,
      status: day.status,
      band: day.band,
      planned: day.planned!.durationMin > 0 ? minutes(day.planned!.durationMin) : null,
      plannedLoad: orNull(day.planned!.plannedLoad, score),
      done: minutes(day.doneMin),
      doneLoad: orNull(day.doneLoad, score),
      durationPct: orNull(day.durationPct, percent),
      loadPct: orNull(day.loadPct, percent),
      doneOn: day.doneOn === null ? null : calendarDay(day.doneOn),
    })),
  };
}
