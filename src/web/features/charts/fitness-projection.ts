import { wholeFitness } from '../../../metrics/fitness.ts';
import type { FitnessForecast } from '../../../shared/api/fitness-forecast.ts';
import { raceFormWindowText } from '../../../shared/domain/form-bands.ts';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { formatForm, morningDays, type FitnessDayView } from './fitness-summary.ts';

/**
 * The fitness chart's projection (ADR 0081): the forecast's days as of each morning, drawn on from
 * the chart's last day (today) to the plan's event day, and the event morning's figures in words.
 */
export interface FitnessProjection {
  /** The days after the chart's last one, as of each morning. */
  days: FitnessDayView[];
  /** Index among `days` of the event day; null without one. */
  eventIndex: number | null;
  /** 'Projected on Gran Fondo Stelvio (Thu, Feb 25): fitness 48, form +12.' */
  text: string;
  /** Some day counted as rest because no plan covers it: the forecast's assumption is said. */
  assumed: boolean;
  /**
   * The event morning's form window, drawn at the event day, and in words: on target, or the
   * forecast's advice. Null without an event day.
   */
  target: { formLow: number; formHigh: number; met: boolean; text: string } | null;
}

/** Null when the forecast projects nothing or does not carry on from the chart's last day (`lastDate`). */
export function fitnessProjection(forecast: FitnessForecast, lastDate: string | undefined): FitnessProjection | null {
  if (forecast.days.length === 0 || forecast.today.date !== lastDate) return null;
  const days = morningDays(forecast.days);
  const { eventDay } = forecast;
  const index = eventDay ? days.findIndex((day) => day.date === eventDay.date) : -1;
  const shown = eventDay ?? days.at(-1)!;
  const { fitness, form } = wholeFitness(shown);
  const where = eventDay ? `${eventDay.name} (${formatShortCalendarDay(eventDay.date)})` : `${formatShortCalendarDay(shown.date)}, your plan’s last day`;
  return {
    days,
    eventIndex: index < 0 ? null : index,
    text: `Projected on ${where}: fitness ${fitness}, form ${formatForm(form)}.`,
    assumed: forecast.days.some((day) => day.basis === 'assumption'),
    target: eventDay && {
      formLow: eventDay.target.formLow,
      formHigh: eventDay.target.formHigh,
      met: eventDay.target.met,
      text: eventDay.target.advice ?? `That is in the window the plan aims for on the day: fresh, without losing fitness (form ${raceFormWindowText(window(eventDay.target))}).`,
    },
  };
}

const window = (target: { formLow: number; formHigh: number }) => ({ low: target.formLow, high: target.formHigh });

/** Whole weeks between two labelled days, from a week to half a year. */
const AXIS_STEP_DAYS = [7, 14, 28, 56, 91, 182] as const;
/** A day label ('29 Nov') with room either side, in CSS pixels. */
const AXIS_LABEL_SPACING_PX = 60;

/**
 * Days between labels on the date axis: the shortest step whose labels stand at least
 * AXIS_LABEL_SPACING_PX apart across `plotWidthPx`, so 90 days on a desktop read every two weeks and
 * a half-year forecast on a phone does not run its dates together.
 */
export function dayAxisStep(dayCount: number, plotWidthPx: number): number {
  const perDayPx = plotWidthPx / Math.max(1, dayCount);
  return AXIS_STEP_DAYS.find((step) => step * perDayPx >= AXIS_LABEL_SPACING_PX) ?? AXIS_STEP_DAYS.at(-1)!;
}

/** Day indices to label: every `stepDays` days either side of `anchor` (today), so today keeps its label. */
export function axisSplitsAround(dayCount: number, stepDays: number, anchor: number): number[] {
  const splits: number[] = [];
  for (let index = anchor % stepDays; index < dayCount; index += stepDays) splits.push(index);
  return splits;
}
